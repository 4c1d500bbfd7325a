/** seeds 001 §4: the strength levels of a password score (0-4). */
export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export function strengthLabel(score: number): StrengthLabel {
  if (score >= 4) return 'Strong';
  if (score === 3) return 'Good';
  if (score === 2) return 'Fair';
  return 'Weak';
}

export type PasswordScorer = (password: string, userInputs?: string[]) => PasswordScore;

let scorer: Promise<PasswordScorer> | null = null;

/**
 * The zxcvbn estimator with the common dictionaries. Loaded on first use: the dictionaries are large
 * and only the forms that set a password need them.
 */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => {
      const zxcvbn = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });
      return (password, userInputs = []) =>
        password ? zxcvbn.check(password, userInputs.filter(Boolean)).score : 0;
    },
    (error: unknown) => {
      // A chunk that failed to load may load next time.
      scorer = null;
      throw error;
    },
  );
  return scorer;
}
