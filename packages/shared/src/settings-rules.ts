/** The settings' messages, without schemas, so the web app shows the server's words without loading zod. */
export const SETTINGS_MESSAGES = {
  withdrawFirst: 'Withdraw your balance before deleting your account.',
  pendingWithdrawal: 'Wait for your withdrawal to complete before deleting your account.',
  disputeOpen:
    'A dispute of one of your card payments is open. You can delete your account once your bank has settled it.',
  confirmForfeit: (tokens: string) =>
    `You still have ${tokens} that cannot be withdrawn. Confirm that you give them up to delete your account.`,
  pendingEarnings: (date: string) =>
    `Some tokens you received are still pending. You can delete your account after they clear on ${date} and you have withdrawn them.`,
  deleteFailed: 'Could not delete your account.',
  saveFailed: 'Could not save your settings.',
} as const;
