/**
 * How far a near spelling from the word list may be from the typed word to stand in for it (issue 39's typo
 * tolerance, bounded as the search engines people know bound it): a word of letters gets one typo from four letters
 * and two from eight; a shorter word, or one holding a digit ("cards2026", "404"), gets none, since a different digit
 * names a different thing. A word typed longer than a listed word it starts with ("vampires", "nekomimi") finds that
 * word too, however many letters it adds.
 */
export function typoBudget(word: string): number {
  if (!/^\p{L}+$/u.test(word)) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Whether the listed word `alternative` may stand in for the typed `word` (a near spelling within its budget). */
export function withinTypos(word: string, alternative: string): boolean {
  const budget = typoBudget(word);
  if (budget === 0) return false;
  if (alternative.length >= 4 && word.startsWith(alternative)) return true;
  return editDistance(word, alternative, budget) <= budget;
}

/**
 * Edits (insert, delete, substitute, swap two neighbours) from `a` to `b` (optimal string alignment), or `limit + 1`
 * once it is certain to be above `limit`; words here are at most a search term long.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforeLast: number[] = [];
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(last[j]! + 1, row[j - 1]! + 1, last[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, beforeLast[j - 2]! + 1);
      row.push(best);
      rowMin = Math.min(rowMin, best);
    }
    if (rowMin > limit) return limit + 1;
    beforeLast = last;
    last = row;
  }
  return Math.min(last[b.length]!, limit + 1);
}
