const SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * Seed 1 §9: shortens a number with the suffixes k, M, G, T, P, E in steps of
 * 1000, keeping at most `digits` decimals and dropping trailing zeros
 * (1500 → "1.5k"). Below 1000 the number is returned as is. Rounding that
 * reaches the next step moves up a suffix (999 999 with 1 digit is "1M", not
 * "1000k"). Negative numbers keep their sign.
 */
export function numberFormatter(num: number, digits = 0): string {
  if (!Number.isFinite(num)) {
    return String(num);
  }
  const abs = Math.abs(num);
  if (abs < 1000) {
    return String(num);
  }
  const sign = num < 0 ? '-' : '';
  let i = Math.min(Math.floor(Math.log10(abs) / 3), SUFFIXES.length - 1);
  // log10 can land just below an integer for exact powers of 1000; correct both ways.
  while (i < SUFFIXES.length - 1 && abs >= 1000 ** (i + 1)) {
    i++;
  }
  while (i > 1 && abs < 1000 ** i) {
    i--;
  }
  let fixed = (abs / 1000 ** i).toFixed(digits);
  if (Number(fixed) >= 1000 && i < SUFFIXES.length - 1) {
    i++;
    fixed = (abs / 1000 ** i).toFixed(digits);
  }
  return `${sign}${fixed.replace(/\.0+$|(\.\d*[1-9])0+$/, '$1')}${SUFFIXES[i]}`;
}

/** A decimal number as people type it (sign, digits, point, exponent), nothing else: no hex, no trailing text. */
const NUMBER_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * Text typed into a number field or read from a spreadsheet cell: a number
 * when the whole text is one, null when blank, otherwise the text itself, so
 * a validator reports "enter a number" (`1e3x` is not 1000, `0x10` not 16).
 */
export function numberFromText(v: unknown): unknown {
  if (typeof v !== 'string') {
    return v;
  }
  const s = v.trim();
  if (s === '') {
    return null;
  }
  return NUMBER_TEXT.test(s) ? Number(s) : v;
}
