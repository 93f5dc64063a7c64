import { defineMessages } from './define.js';

/** The record engine: ledgers built from definitions, their workflow, attachments and Excel. */
export const recordsMessages = defineMessages({
  'records.conflict': {
    zh: '该记录已被他人修改（版本 {current}），请刷新后再保存',
    en: 'Someone else changed this record (version {current}); reload it before saving',
  },
  'records.todoTitle': { zh: '{ledger}：{title} 待处理', en: '{ledger}: {title} awaits you' },
  'records.notFound': { zh: '记录不存在或无权查看', en: 'The record does not exist or you may not see it' },
  'records.noSuchLedger': { zh: '台账不存在：{entity}', en: 'No such ledger: {entity}' },
  'records.duplicateValue': { zh: '该值已被其他记录使用', en: 'Another record already has this value' },
  'records.duplicateField': { zh: '字段键重复：{key}', en: 'Duplicate field key: {key}' },
  'records.enumNeedsOptions': { zh: '枚举字段需要选项或数据字典', en: 'An enumeration needs options or a dictionary' },
  'records.unknownField': { zh: '字段不存在或类型不符：{key}', en: 'No such field, or of the wrong type: {key}' },
  'records.unknownStatus': { zh: '未使用的状态：{code}', en: 'Status not in the workflow: {code}' },
  'records.notBefore': { zh: '不能早于{other}', en: 'Must not be before {other}' },
  'records.tooManyDecimals': { zh: '最多 {decimals} 位小数', en: 'At most {decimals} decimals' },
  'records.outsideScope': { zh: '所选部门或区域不在您的数据范围内', en: 'The chosen department or region is outside your data scope' },
  'records.noPermission': { zh: '您没有此操作的权限', en: 'You may not do this' },
  'records.noWorkflow': { zh: '该台账没有流程', en: 'This ledger has no workflow' },
  'records.noSuchTransition': { zh: '当前状态不能执行该操作', en: 'This action is not possible in the current status' },
  'records.notApprover': { zh: '您不是当前步骤的审批人', en: 'You are not the approver of the current step' },
  'records.fileNotFound': { zh: '附件不存在或无权查看', en: 'The attachment does not exist or you may not see it' },
  'records.fileTooLarge': { zh: '文件超过 {max} MB', en: 'The file is larger than {max} MB' },
  'records.fileTypeRefused': { zh: '不支持的文件类型：{type}', en: 'File type not accepted: {type}' },
  'records.noFile': { zh: '请选择文件', en: 'Choose a file' },
  'records.builtInLedger': { zh: '内置台账的定义不能在此修改', en: 'A built-in ledger is not changed here' },
  'records.ledgerExists': { zh: '台账已存在：{entity}', en: 'Ledger already exists: {entity}' },
  'records.callTaken': { zh: '调用名已被使用：{name}', en: 'Call name already in use: {name}' },
  'records.ledgerHasRecords': { zh: '台账中还有 {count} 条记录，不能删除', en: 'The ledger still has {count} record(s)' },
  'records.importErrors': { zh: '{rows} 行有错误，未保存任何数据', en: '{rows} row(s) have errors; nothing was saved' },
  'records.badSheet': { zh: '无法读取该 Excel 文件', en: 'The Excel file cannot be read' },
});
