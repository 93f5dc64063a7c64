/*
 * The hazardous chemical processes under key supervision (重点监管的危险化工工艺):
 * 15 named in the first batch (原国家安全监管总局 安监总管三〔2009〕116号) and 3
 * added in the second (安监总管三〔2013〕3号), 18 in all. Each plant records
 * which of them its units run (/dangerSourceManagement/chemicalProcessRecord);
 * the documents also name each process's key monitored parameters and the
 * basic control required, listed here as the ledger's hints.
 */

export interface KeyProcess {
  /** Stable code, stored on records. */
  code: string;
  /** Order in the lists of the two documents (1–18). */
  seq: number;
  /** 1: 安监总管三〔2009〕116号; 2: 安监总管三〔2013〕3号. */
  batch: 1 | 2;
  name: { zh: string; en: string };
  /** Key parameters to monitor (重点监控工艺参数), as the documents list them, abridged. */
  keyParameters: string;
}

export const keyProcesses: readonly KeyProcess[] = [
  { code: 'phosgenation', seq: 1, batch: 1, name: { zh: '光气及光气化工艺', en: 'Phosgene and phosgenation' }, keyParameters: '一氧化碳、氯气含量；反应釜温度、压力；反应物质配料比；光气进料速度；冷却系统中冷却介质的温度、压力、流量' },
  { code: 'electrolysis', seq: 2, batch: 1, name: { zh: '电解工艺（氯碱）', en: 'Electrolysis (chlor-alkali)' }, keyParameters: '电解槽内液位；电解槽内电流和电压；电解槽进出物料流量；可燃和有毒气体浓度；电解槽的温度和压力；原料中铵含量；氯气杂质含量' },
  { code: 'chlorination', seq: 3, batch: 1, name: { zh: '氯化工艺', en: 'Chlorination' }, keyParameters: '氯化反应釜温度和压力；氯化反应釜搅拌速率；反应物料的配比；氯化剂进料流量；冷却系统中冷却介质的温度、压力、流量；氯气杂质含量；氯化反应尾气组成' },
  { code: 'nitration', seq: 4, batch: 1, name: { zh: '硝化工艺', en: 'Nitration' }, keyParameters: '硝化反应釜内温度、搅拌速率；硝化剂流量；冷却水流量；pH值；硝化产物中杂质含量；精馏分离系统温度；塔釜杂质含量' },
  { code: 'ammonia', seq: 5, batch: 1, name: { zh: '合成氨工艺', en: 'Ammonia synthesis' }, keyParameters: '合成塔、压缩机、氨储存系统的运行基本控制参数，包括温度、压力、液位、物料流量及比例等' },
  { code: 'cracking', seq: 6, batch: 1, name: { zh: '裂解（裂化）工艺', en: 'Cracking (pyrolysis)' }, keyParameters: '裂解炉进料流量；裂解炉温度；引风机电流；燃料油进料流量；稀释蒸汽比及压力；燃料油压力；滑阀差压超驰控制、主风流量控制、外取热器控制、机组控制、锅炉控制等' },
  { code: 'fluorination', seq: 7, batch: 1, name: { zh: '氟化工艺', en: 'Fluorination' }, keyParameters: '氟化反应釜内温度、压力；氟化反应釜内搅拌速率；氟化物流量；助剂流量；反应物的配料比；氟化物浓度' },
  { code: 'hydrogenation', seq: 8, batch: 1, name: { zh: '加氢工艺', en: 'Hydrogenation' }, keyParameters: '加氢反应釜或催化剂床层温度、压力；加氢反应釜内搅拌速率；氢气流量；反应物质的配料比；系统氧含量；冷却水流量；氢气压缩机运行参数、加氢反应尾气组成' },
  { code: 'diazotization', seq: 9, batch: 1, name: { zh: '重氮化工艺', en: 'Diazotization' }, keyParameters: '重氮化反应釜内温度、压力、液位、pH值；重氮化反应釜内搅拌速率；亚硝酸钠流量；反应物质的配料比；后处理单元温度' },
  { code: 'oxidation', seq: 10, batch: 1, name: { zh: '氧化工艺', en: 'Oxidation' }, keyParameters: '氧化反应釜内温度和压力；氧化反应釜内搅拌速率；氧化剂流量；反应物料的配比；气相氧含量；过氧化物含量' },
  { code: 'peroxidation', seq: 11, batch: 1, name: { zh: '过氧化工艺', en: 'Peroxidation' }, keyParameters: '过氧化反应釜内温度；pH值；过氧化反应釜内搅拌速率；（过）氧化剂流量；参加反应物质的配料比；过氧化物浓度；气相氧含量' },
  { code: 'amination', seq: 12, batch: 1, name: { zh: '胺基化工艺', en: 'Amination' }, keyParameters: '胺基化反应釜内温度、压力；胺基化反应釜内搅拌速率；物料流量；反应物质的配料比；气相氧含量' },
  { code: 'sulfonation', seq: 13, batch: 1, name: { zh: '磺化工艺', en: 'Sulfonation' }, keyParameters: '磺化反应釜内温度；磺化反应釜内搅拌速率；磺化剂流量；冷却水流量' },
  { code: 'polymerization', seq: 14, batch: 1, name: { zh: '聚合工艺', en: 'Polymerization' }, keyParameters: '聚合反应釜内温度、压力，聚合反应釜内搅拌速率；引发剂流量；冷却水流量；料仓静电、可燃气体监控等' },
  { code: 'alkylation', seq: 15, batch: 1, name: { zh: '烷基化工艺', en: 'Alkylation' }, keyParameters: '烷基化反应釜内温度和压力；烷基化反应釜内搅拌速率；反应物料的流量及配比等' },
  { code: 'coal-chemical', seq: 16, batch: 2, name: { zh: '新型煤化工工艺', en: 'New coal chemical processes' }, keyParameters: '反应器温度和压力；反应物料的比例控制；料位；液位；进料介质温度、压力与流量；氧含量；外取热器蒸汽温度与压力；风压；废热锅炉液位；分离系统液位' },
  { code: 'calcium-carbide', seq: 17, batch: 2, name: { zh: '电石生产工艺', en: 'Calcium carbide production' }, keyParameters: '炉气温度；炉气压力；料仓料位；电极压放量；一次电流；一次电压；电极电流；电极电压；有功功率；冷却水温度、压力；液压箱油位、温度；变压器温度；净化过滤器入口温度、炉气组分分析等' },
  { code: 'azo', seq: 18, batch: 2, name: { zh: '偶氮化工艺', en: 'Azo compound processes' }, keyParameters: '反应釜内温度、压力、液位、pH值；反应釜内搅拌速率；肼流量；反应物质的配料比；后处理单元温度等' },
];

/** The processes as the ledger's choices. */
export const keyProcessOptions = keyProcesses.map((p) => ({ value: p.code, label: { zh: p.name.zh, en: p.name.en } }));
