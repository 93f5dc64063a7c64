/** Colours of the four alarm priorities (seed: 紧急 red, 高 orange, 中 gold, 低 blue), the same on every view and map. */
export const priorityColors: Record<number, string> = { 1: '#a8071a', 2: '#d4380d', 3: '#d48806', 4: '#096dd9' };
