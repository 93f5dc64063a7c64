/*
 * The remaining children of seed 3's /occupationalHealthManagement (issue 26 §2):
 * menu pages, and the add/edit pages each reached from its list.
 */

/** Children with a menu entry; `entity` names the ledger of a plain ledger page. */
export const healthMorePages = [
  {
    child: 'hazardFactorManagement',
    entity: 'HazardIdentification',
    name: '危害因素辨识',
    name_en: 'Hazard factor identification',
    icon: 'search',
  },
  { child: 'occupationalHazard', entity: null, name: '危害辨识清单', name_en: 'Hazard identification list', icon: 'unordered-list' },
  { child: 'damageFactors', entity: 'HazardSource', name: '危害源', name_en: 'Hazard sources', icon: 'fire' },
  { child: 'hazardFactorAssessment', entity: 'HazardAssessment', name: '危害评价', name_en: 'Hazard assessments', icon: 'bar-chart' },
  { child: 'medicalSummary', entity: null, name: '体检汇总', name_en: 'Medical exam summary', icon: 'pie-chart' },
  {
    child: 'physicalAbnormalitiesConfig',
    entity: 'ExamAbnormalityRule',
    name: '体检异常配置',
    name_en: 'Abnormal result follow-up',
    icon: 'setting',
  },
  { child: 'exposureFactors', entity: null, name: '接触限值因素', name_en: 'Exposure factors', icon: 'experiment' },
  {
    child: 'profileCardConfigurationPage',
    entity: 'ProfileCardSection',
    name: '档案卡片配置',
    name_en: 'Personal file sections',
    icon: 'idcard',
  },
  {
    child: 'occupationalHealthDatabaseConfiguration',
    entity: 'HealthSetting',
    name: '职业健康基础配置',
    name_en: 'Occupational health settings',
    icon: 'control',
  },
] as const;

/** Add/edit pages (`?id=` edits): the ledger they write and the list page that permits and follows them. */
export const healthFormPages = [
  { child: 'riskFactorsAddEditpage', entity: 'HazardIdentification', of: 'hazardFactorManagement', name: '危害因素辨识（新增/复测）', name_en: 'Hazard identification (add / re-test)' },
  { child: 'recordAdd', entity: 'ThreeSimultaneousArchive', of: 'occupationalHealthRecords', name: '新增“三同时”档案', name_en: 'Add three-simultaneous archive' },
  { child: 'declarationAdd', entity: 'ProjectDeclaration', of: 'declarationOccupational', name: '新增危害项目申报', name_en: 'Add hazard project declaration' },
  { child: 'fundsAdd', entity: 'PreventionAndControlFund', of: 'fundsDisease', name: '新增防治经费', name_en: 'Add prevention fund' },
] as const;
