import { defineMessages } from '../messages/define.js';

/**
 * Chemicals management: storage compatibility (储存性能互抵表, GB 15603-1995
 * Annex A; DOMAIN.md §10). Reasons are the text of a matrix cell or of a
 * substance rule (`shared/domain/storage-compatibility.ts`).
 */
export const chemicalMessages = defineMessages({
  'chemicals.mark.share': { zh: '可同库储存', en: 'May share a store' },
  'chemicals.mark.separate': { zh: '隔离/分离储存', en: 'Store separately' },
  'chemicals.mark.forbid': { zh: '不得同库储存', en: 'Must not share a store' },

  'chemicals.reason.sameClass': { zh: '同类物品，性能不相抵触，可同库储存', en: 'Same class: not incompatible, may share a store' },
  'chemicals.reason.compatible': { zh: '性能不相抵触，可同库储存', en: 'Not incompatible: may share a store' },
  'chemicals.reason.zoned': {
    zh: '可同库，但应按类别分区分类储存（互抵表“分”）',
    en: 'May share a store, but in separate areas by class (marked "separate by class" in the compatibility table)',
  },
  'chemicals.reason.fireFighting': {
    zh: '性能不相抵触，但灭火方法不同，应分开储存（互抵表“消”）',
    en: 'Not incompatible, but fought with different extinguishing methods: store apart (marked "extinguishing" in the compatibility table)',
  },
  'chemicals.reason.explosive': { zh: '爆炸品只能与同类爆炸品同库储存', en: 'Explosives may share a store only with explosives' },
  'chemicals.reason.explosiveKinds': {
    zh: '起爆器材与炸药等不同种类的爆炸品应分开储存',
    en: 'Detonators and explosive charges are kinds of explosives that are stored apart',
  },
  'chemicals.reason.pyrophoric': {
    zh: '自燃物品须单独储存，不得与其他类别物品同库',
    en: 'Pyrophoric substances are stored alone, never with other classes',
  },
  'chemicals.reason.pyrophoricGrades': {
    zh: '一级与二级自燃物品应分开储存',
    en: 'Grade 1 and grade 2 pyrophoric substances are stored apart',
  },
  'chemicals.reason.waterReactive': {
    zh: '遇湿易燃物品遇水或受潮放出易燃气体，须单独储存',
    en: 'Water-reactive substances give off flammable gas with water or moisture and are stored alone',
  },
  'chemicals.reason.waterReactiveGrades': {
    zh: '一级与二级遇湿易燃物品应分开储存',
    en: 'Grade 1 and grade 2 water-reactive substances are stored apart',
  },
  'chemicals.reason.oxidizerFlammable': {
    zh: '氧化剂、助燃气体与易燃可燃物接触可引起燃烧爆炸，不得同库',
    en: 'Oxidisers and oxidising gases ignite or explode flammable and combustible matter: never in one store',
  },
  'chemicals.reason.oxidizerInorganicOrganic': {
    zh: '无机氧化剂与有机氧化剂不得同库储存',
    en: 'Inorganic and organic oxidisers must not share a store',
  },
  'chemicals.reason.oxidizerSameGrade': {
    zh: '部分无机氧化剂（如过氧化钠等过氧化物、具有还原性的亚硝酸盐）不宜与其他无机氧化剂混存（互抵表注①②）',
    en: 'Some inorganic oxidisers (peroxides such as sodium peroxide, reducing nitrites) should not be stored with other inorganic oxidisers (table notes ① ②)',
  },
  'chemicals.reason.toxicGas': {
    zh: '有毒气体不得与易燃气体、氧化剂同库储存',
    en: 'Toxic gases must not share a store with flammable gases or oxidisers',
  },
  'chemicals.reason.compressedGas': {
    zh: '压缩气体和液化气体受热易爆裂，不得与该类物品同库储存',
    en: 'Compressed and liquefied gases burst when heated and must not share a store with this class',
  },
  'chemicals.reason.organicPeroxide': {
    zh: '有机过氧化物热稳定性差，遇酸、碱、还原剂或其他氧化剂易分解爆炸，不得同库',
    en: 'Organic peroxides are thermally unstable and decompose explosively with acids, alkalis, reducing agents or other oxidisers: never in one store',
  },
  'chemicals.reason.organicPeroxideZone': {
    zh: '有机过氧化物与有机氧化剂可同库，但应分区储存并控制温度',
    en: 'Organic peroxides may share a store with organic oxidisers, in separate areas with temperature control',
  },
  'chemicals.reason.oxidizerToxic': {
    zh: '毒害品多为可燃物或还原剂，与氧化剂接触可燃烧或放出有毒气体，不得同库',
    en: 'Toxic substances are often combustible or reducing and burn or give off toxic gas with oxidisers: never in one store',
  },
  'chemicals.reason.oxidizerAcid': {
    zh: '酸与氧化剂（如氯酸盐、高锰酸盐）接触可放出有毒气体或引起爆炸，不得同库',
    en: 'Acids with oxidisers (chlorates, permanganates) give off toxic gas or explode: never in one store',
  },
  'chemicals.reason.acidAlkali': {
    zh: '酸性腐蚀品与碱性腐蚀品相互中和放热，不得同库储存',
    en: 'Acidic and alkaline corrosives react with heat: never in one store',
  },
  'chemicals.reason.missingCell': {
    zh: '互抵表中缺少该类别组合，按不得同库处理',
    en: 'The compatibility matrix has no mark for this pair of classes; treated as must not share',
  },

  'chemicals.reason.chlorineAmmonia': {
    zh: '液氯与液氨相遇剧烈反应，可生成易爆的三氯化氮（互抵表：液氨和液氯有抵触）',
    en: 'Liquid chlorine and liquid ammonia react violently and can form explosive nitrogen trichloride (table: liquid ammonia and liquid chlorine conflict)',
  },
  'chemicals.reason.cyanideAcid': {
    zh: '氰化物遇酸放出剧毒的氰化氢气体',
    en: 'Cyanides give off highly toxic hydrogen cyanide with acids',
  },
  'chemicals.reason.hypochloriteAcid': { zh: '次氯酸盐遇酸放出氯气', en: 'Hypochlorites give off chlorine with acids' },
  'chemicals.reason.hypochloriteAmmonia': {
    zh: '次氯酸盐与氨反应生成氯胺及易爆的三氯化氮',
    en: 'Hypochlorites react with ammonia to form chloramines and explosive nitrogen trichloride',
  },

  'chemicals.reason.plantShare': { zh: '本厂规则：可同库储存', en: 'Plant rule: may share a store' },
  'chemicals.reason.plantSeparate': { zh: '本厂规则：应隔离/分区储存', en: 'Plant rule: store separately' },
  'chemicals.reason.plantForbid': { zh: '本厂规则：不得同库储存', en: 'Plant rule: must not share a store' },

  'chemicals.matrix.unknownClass': { zh: '未知的储存类别：{class}', en: 'Unknown storage class: {class}' },
  'chemicals.matrix.missingPair': { zh: '缺少 {a} 与 {b} 的组合', en: 'No mark for {a} with {b}' },
  'chemicals.matrix.unknownMark': {
    zh: '未知的标记：{mark}（应为 share、separate 或 forbid）',
    en: 'Unknown mark: {mark} (expected share, separate or forbid)',
  },
  'chemicals.matrix.unknownReason': { zh: '未知的原因代码：{reason}', en: 'Unknown reason code: {reason}' },
  'chemicals.matrix.asymmetric': {
    zh: '{a} 与 {b} 两个方向的标记不一致',
    en: 'The marks of {a} with {b} differ between the two directions',
  },
});

export type ChemicalMessageCode = keyof typeof chemicalMessages;
