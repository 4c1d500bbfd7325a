/** Issue 38 §6 "The client's small rules": the month field, the purchases listing. */
export const clientRulesForEnglish = {
  month: 'Month',
  monthHint: 'A whole month (YYYY-MM) sets both days',
  purchases: {
    title: 'My Purchases',
    empty: 'Nothing bought here yet.',
    loading: 'Loading your purchases',
  },
};
