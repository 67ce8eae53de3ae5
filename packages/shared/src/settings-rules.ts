/** The settings' messages, without schemas, so the web app shows the server's words without loading zod. */
export const SETTINGS_MESSAGES = {
  withdrawFirst: 'Withdraw your balance before deleting your account.',
  pendingWithdrawal: 'Wait for your withdrawal to complete before deleting your account.',
  deleteFailed: 'Could not delete your account.',
  saveFailed: 'Could not save your settings.',
} as const;
