/** @module Natural ("file2" before "file10"), case-insensitive name order for listings; faster than Intl.Collator on large folders. */

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Compares two names already lower-cased: runs of digits compare by numeric value (leading zeros ignored,
 * then fewer zeros first), everything else by UTF-16 code unit. Returns <0, 0 or >0.
 */
export function naturalCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let si = i;
      let sj = j;
      while (si < a.length && a.charCodeAt(si) === 48) si++;
      while (sj < b.length && b.charCodeAt(sj) === 48) sj++;
      let ei = si;
      let ej = sj;
      while (ei < a.length && isDigit(a.charCodeAt(ei))) ei++;
      while (ej < b.length && isDigit(b.charCodeAt(ej))) ej++;
      const lenDiff = ei - si - (ej - sj);
      if (lenDiff !== 0) return lenDiff;
      for (let k = 0; k < ei - si; k++) {
        const d = a.charCodeAt(si + k) - b.charCodeAt(sj + k);
        if (d !== 0) return d;
      }
      const zeros = si - i - (sj - j);
      if (zeros !== 0) return zeros;
      i = ei;
      j = ej;
      continue;
    }
    if (ca !== cb) return ca - cb;
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}
