import { newId } from './ids';
import type { SandboxCore } from './sandbox-core';
import type { AccountLinkRecord, AccountRecord } from './sandbox-state';

/** An account link works for 5 minutes, as Stripe's do. */
export const ACCOUNT_LINK_LIFETIME_SECONDS = 5 * 60;

/** What Stripe asks of a new Express account before it can be paid out. */
const ONBOARDING_REQUIREMENTS = ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'];

const DEFAULT_CURRENCY_BY_COUNTRY: Record<string, string> = { US: 'usd', CA: 'cad', GB: 'gbp', AU: 'aud' };

function requirements(due: string[]) {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: [],
  };
}

export type NewAccount = {
  country: string;
  email: string | null;
  capabilities: string[];
  metadata: Record<string, string>;
};

/** A Connect Express account that cannot take charges or payouts until onboarding is completed. */
export function createAccount(core: SandboxCore, input: NewAccount): AccountRecord {
  const id = newId('acct', 16);
  const record: AccountRecord = {
    account: {
      id,
      object: 'account',
      business_profile: {
        mcc: null,
        name: null,
        product_description: null,
        support_email: null,
        support_phone: null,
        support_url: null,
        url: null,
      },
      business_type: null,
      capabilities: Object.fromEntries(input.capabilities.map((capability) => [capability, 'inactive'])),
      charges_enabled: false,
      country: input.country,
      created: core.seconds(),
      default_currency: DEFAULT_CURRENCY_BY_COUNTRY[input.country] ?? 'eur',
      details_submitted: false,
      email: input.email,
      external_accounts: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/accounts/${id}/external_accounts`,
      },
      metadata: input.metadata,
      payouts_enabled: false,
      requirements: requirements(ONBOARDING_REQUIREMENTS),
      tos_acceptance: { date: null, ip: null, user_agent: null },
      type: 'express',
    },
    isFailingTransfers: false,
  };
  core.state.accounts[record.account.id] = record;
  return record;
}

/** The link to the hosted onboarding page, as Stripe's `account_link` object. */
export function createAccountLink(
  core: SandboxCore,
  input: { account: string; refreshUrl: string; returnUrl: string },
): { object: 'account_link'; created: number; expires_at: number; url: string } {
  const created = core.seconds();
  const link: AccountLinkRecord = {
    id: newId('acctlink', 24),
    account: input.account,
    refreshUrl: input.refreshUrl,
    returnUrl: input.returnUrl,
    expiresAt: created + ACCOUNT_LINK_LIFETIME_SECONDS,
    isUsed: false,
  };
  core.state.accountLinks[link.id] = link;
  // Stripe's account_link has no id; the sandbox's link id lives in the URL only.
  return {
    object: 'account_link',
    created,
    expires_at: link.expiresAt,
    url: core.publicUrl(`/sandbox/onboarding/${link.id}`),
  };
}

/** Onboarding done: details submitted, charges and payouts enabled, `account.updated` queued. */
export function completeOnboarding(core: SandboxCore, record: AccountRecord): void {
  const { account } = record;
  const previous = {
    charges_enabled: account.charges_enabled,
    details_submitted: account.details_submitted,
    payouts_enabled: account.payouts_enabled,
    requirements: account.requirements,
  };
  account.details_submitted = true;
  account.charges_enabled = true;
  account.payouts_enabled = true;
  account.business_type = 'individual';
  account.capabilities = Object.fromEntries(
    Object.keys((account.capabilities as Record<string, string>) ?? {}).map((capability) => [capability, 'active']),
  );
  account.requirements = requirements([]);
  account.tos_acceptance = { date: core.seconds(), ip: '127.0.0.1', user_agent: 'Sweetwish card sandbox' };
  core.emitConnect('account.updated', account, account.id, previous);
}
