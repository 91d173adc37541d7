// What is wrong with the audit trail when a check finds it altered or cut: the chain's walk
// (audit-chain.ts) and the sealed head's comparison (audit-head.ts) both answer with one.
export interface AuditProblem {
  /**
   * altered: a row's chain does not match; unchained: a row without chain after a sealed one;
   * cut: rows up to the sealed head are gone; unsealed: sealed rows lost their chains or vanished.
   */
  kind: 'altered' | 'unchained' | 'cut' | 'unsealed';
  /** In words for the person running the check, in the practice's language. */
  message: string;
}
