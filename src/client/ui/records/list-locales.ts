import { addTranslations } from '../../app/i18n';

/** i18n namespace of the shared ledger pieces (RecordListPage, field inputs). */
export const recordListNs = 'recordList';

const zh = {
  keyword: '关键字',
  search: '查询',
  reset: '重置',
  status: '状态',
  columns: '列设置',
  selected: '已选 {{n}} 条',
  total: '共 {{total}} 条',
  empty: '暂无数据',
  emptyFiltered: '没有符合条件的记录',
  actions: '操作',
  filters: '筛选',
  upload: '上传',
};

const en: typeof zh = {
  keyword: 'Keyword',
  search: 'Search',
  reset: 'Reset',
  status: 'Status',
  columns: 'Columns',
  selected: '{{n}} selected',
  total: '{{total}} in all',
  empty: 'Nothing here yet',
  emptyFiltered: 'No record matches',
  actions: 'Actions',
  filters: 'Filters',
  upload: 'Upload',
};

addTranslations(recordListNs, zh, en);
