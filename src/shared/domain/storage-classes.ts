/**
 * Storage classes of hazardous chemicals, as the classic 储存性能互抵表
 * (GB 15603-1995 常用化学危险品贮存通则, Annex A) groups them (DOMAIN.md §10).
 * A substance of the chemical catalogue carries one or more of these; the
 * storage compatibility matrix is keyed on them (`storage-compatibility.ts`).
 *
 * The codes are stable identifiers kept in the store; the names are for
 * people. A plant edits the matrix, not this list.
 */
export const storageClasses = {
  explosive: { zh: '爆炸物品', en: 'Explosives' },
  'gas-flammable': { zh: '易燃气体', en: 'Flammable gases' },
  'gas-oxidizing': { zh: '助燃气体', en: 'Oxidizing (combustion-supporting) gases' },
  'gas-toxic': { zh: '有毒气体', en: 'Toxic gases' },
  'gas-inert': { zh: '不燃气体', en: 'Non-flammable, non-toxic gases' },
  pyrophoric: { zh: '自燃物品', en: 'Pyrophoric substances' },
  'water-reactive': { zh: '遇湿易燃物品', en: 'Water-reactive substances' },
  'flammable-liquid': { zh: '易燃液体', en: 'Flammable liquids' },
  'flammable-solid': { zh: '易燃固体', en: 'Flammable solids' },
  'oxidizer-inorganic-1': { zh: '一级无机氧化剂', en: 'Inorganic oxidizers, grade 1' },
  'oxidizer-inorganic-2': { zh: '二级无机氧化剂', en: 'Inorganic oxidizers, grade 2' },
  'oxidizer-organic-1': { zh: '一级有机氧化剂', en: 'Organic oxidizers, grade 1' },
  'oxidizer-organic-2': { zh: '二级有机氧化剂', en: 'Organic oxidizers, grade 2' },
  'organic-peroxide': { zh: '有机过氧化物', en: 'Organic peroxides' },
  toxic: { zh: '毒害品', en: 'Toxic substances' },
  'corrosive-acid': { zh: '酸性腐蚀品', en: 'Acidic corrosives' },
  'corrosive-alkaline': { zh: '碱性腐蚀品', en: 'Alkaline corrosives' },
} as const;

export type StorageClass = keyof typeof storageClasses;
export const storageClassCodes = Object.keys(storageClasses) as StorageClass[];

export function isStorageClass(v: unknown): v is StorageClass {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(storageClasses, v);
}
