import type { RetentionAnswer } from '../analysisTypes';

/**
 * The average retention curve of a range: for each day N (1..days), the devices retained on day N
 * over the devices of the cohorts whose day N is already known (weighted by cohort size), as a
 * percentage; null where no cohort has reached day N yet.
 */
export function retentionCurve(answer: RetentionAnswer): Array<{ n: number; percent: number | null }> {
  return Array.from({ length: answer.days }, (_, index) => {
    const n = index + 1;
    let retained = 0;
    let size = 0;
    for (const cohort of answer.cohorts) {
      const value = cohort.retained[n];
      if (value === null || value === undefined || cohort.size === 0) continue;
      retained += value;
      size += cohort.size;
    }
    return { n, percent: size === 0 ? null : Math.round((retained / size) * 1000) / 10 };
  });
}
