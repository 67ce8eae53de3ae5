import type { Hono } from 'hono';
import { apiEndpoint } from './api-handler';
import { createAccount, createAccountLink } from './connect-accounts';
import type { ParamReader } from './form-params';
import type { SandboxCore } from './sandbox-core';
import { invalidParam, noSuchObject } from './stripe-error';

function readUrl(params: ParamReader, key: string): string {
  const value = params.string(key, { required: true, maxLength: 5000 });
  if (!URL.canParse(value)) throw invalidParam(key, 'Not a valid URL');
  return value;
}

/** Connect for payouts: Express accounts and onboarding links, with Stripe's parameters and answers (transfers: transfers-api.ts). */
export function registerConnectApi(app: Hono, core: SandboxCore): void {
  app.post(
    '/v1/accounts',
    apiEndpoint(core, ({ params }) => {
      const type = params.oneOf('type', ['custom', 'express', 'standard'], { required: true });
      if (type !== 'express')
        throw invalidParam('type', 'The card sandbox creates Express accounts only (type=express).');
      const country = (params.string('country') ?? 'US').toUpperCase();
      if (!/^[A-Z]{2}$/.test(country)) throw invalidParam('country', `Invalid country: ${country}`);
      const email = params.string('email', { maxLength: 800 }) ?? null;
      const capabilities: string[] = [];
      const requested = params.object('capabilities');
      if (requested) {
        for (const name of requested.keys()) {
          if (requested.object(name, { required: true }).boolean('requested')) capabilities.push(name);
        }
      }
      const metadata = params.metadata() ?? {};
      return () => createAccount(core, { country, email, capabilities, metadata }).account;
    }),
  );

  app.get(
    '/v1/accounts/:id',
    apiEndpoint(core, ({ path }) => {
      const record = core.state.accounts[path('id')];
      if (!record) throw noSuchObject('account', path('id'));
      return () => record.account;
    }),
  );

  app.post(
    '/v1/account_links',
    apiEndpoint(core, ({ params }) => {
      const account = params.string('account', { required: true });
      if (!core.state.accounts[account]) throw noSuchObject('account', account, 'account');
      const refreshUrl = readUrl(params, 'refresh_url');
      const returnUrl = readUrl(params, 'return_url');
      params.oneOf('type', ['account_onboarding', 'account_update'], { required: true });
      params.oneOf('collect', ['currently_due', 'eventually_due']);
      return () => createAccountLink(core, { account, refreshUrl, returnUrl });
    }),
  );
}
