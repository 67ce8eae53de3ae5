import { COMPANY_NAME, MINIMUM_AGE, PRODUCT_NAME, SUPPORT_EMAIL } from '@sweetwish/shared/brand';
import {
  CHARGEBACK_REIMBURSEMENT_DAYS,
  CLEARING_DAYS_DEFAULT,
  FEE_CHANGE_NOTICE_DAYS,
  FEE_RATES,
  FINANCIAL_RECORDS_YEARS,
  formatRate,
  MIN_WITHDRAWAL_TOKENS,
  WITHDRAWAL_ARRIVAL_BUSINESS_DAYS,
  WITHDRAWAL_PROCESSING_BUSINESS_DAYS,
} from '@sweetwish/shared/fees';
import { Link } from 'react-router';
import { LegalPage } from '../components/legal-page';
import { LegalSection } from '../components/legal-section';

/** "US$5" from 500 cents, "US$2.50" from 250. */
function formatUsd(cents: number): string {
  return cents % 100 === 0 ? `US$${cents / 100}` : `US$${(cents / 100).toFixed(2)}`;
}

/** The top-up service fee on a token purchase worth `tokens` dollars, in cents. */
function topUpFeeCents(tokens: number): number {
  return Math.min(
    Math.round((tokens * 100 * FEE_RATES.topUpServiceFeeBps) / 10_000),
    FEE_RATES.topUpServiceFeeCapCents,
  );
}

/** A share (in basis points) of a number of tokens. */
function share(tokens: number, bps: number): number {
  return (tokens * bps) / 10_000;
}

const SMALL_TOP_UP = 100;
const LARGE_TOP_UP = 1000;
const EXAMPLE_GIFT = 100;
const PLATFORM_WITH_AFFILIATE_BPS = FEE_RATES.platformFeeBps - FEE_RATES.affiliateBps;

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      lead={
        <p>
          These terms are the agreement between you and {COMPANY_NAME} (“we”, “us”), the company that runs{' '}
          {PRODUCT_NAME}. They cover your account, tokens, gifts and tips, fees, withdrawals and how everyone is
          expected to behave. Please read them: by signing in you agree to them and to our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      }
    >
      <LegalSection id="service" title="1. The service">
        <p>
          {PRODUCT_NAME} lets creators publish a public wishlist under a unique handle. Fans buy wishes and send tips
          with tokens, and the buyer and the recipient can then talk in a private conversation attached to the purchase.
          Creators withdraw what they receive to a payout account. Affiliates can invite new members with an invite link
          and earn a share of the platform fee.
        </p>
      </LegalSection>

      <LegalSection id="eligibility" title="2. Who may use Sweetwish">
        <p>
          You must be at least <strong>{MINIMUM_AGE} years old</strong> and able to form a binding contract to create an
          account, buy tokens, receive gifts or withdraw money. If we learn that an account belongs to someone under{' '}
          {MINIMUM_AGE}, we close it. You may not use {PRODUCT_NAME} if the law where you live forbids it or if we have
          closed an earlier account of yours for breaking these terms.
        </p>
      </LegalSection>

      <LegalSection id="accounts" title="3. Your account and signing in">
        <p>You can sign in with any of these methods:</p>
        <ul>
          <li>a one-time code sent by text message to your phone number;</li>
          <li>a sign-in link sent to your e-mail address;</li>
          <li>your Google account;</li>
          <li>your Apple account.</li>
        </ul>
        <p>
          Keep your phone, e-mail and Google or Apple accounts secure: anyone who can use them can sign in as you, and
          you are responsible for what happens in your account. Tell us at once at{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you think someone else has used it. Notifications
          go to the sign-in method you use.
        </p>
        <p>
          Your handle and display name must not impersonate anyone or mislead people about who you are. We may reclaim a
          handle that infringes someone else’s rights.
        </p>
      </LegalSection>

      <LegalSection id="tokens" title="4. Tokens">
        <ul>
          <li>
            <strong>1 token = US$1.</strong> Tokens are shown as dollars everywhere in {PRODUCT_NAME}.
          </li>
          <li>
            Tokens are <strong>prepaid</strong>: you buy them through a card checkout run by our payment provider before
            you spend them on wishes and tips.
          </li>
          <li>
            Token purchases are <strong>non-refundable</strong>, except where the law requires a refund.
          </li>
          <li>
            Tokens have <strong>no cash value outside {PRODUCT_NAME}</strong>.{' '}
            <strong>Tokens you buy are for gifting and cannot be cashed out</strong>: you can spend them on wishes and
            tips, never withdraw them. Only tokens received as gifts and tips can be withdrawn, as described in section
            7.
          </li>
          <li>
            Tokens you receive are <strong>pending</strong> at first. They{' '}
            <strong>clear after a clearing period of {CLEARING_DAYS_DEFAULT} days</strong> and are then available for
            withdrawal. Pending tokens can already be spent. When you spend, the tokens you bought go first, then the
            ones you received.
          </li>
          <li>
            Tokens cannot be sold, transferred between accounts other than as gifts and tips, or exchanged elsewhere.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="fees" title="5. Fees">
        <p>
          <strong>Token purchases.</strong> A service fee of {formatRate(FEE_RATES.topUpServiceFeeBps)} of the token
          price is added at checkout, capped at {formatUsd(FEE_RATES.topUpServiceFeeCapCents)} per purchase. For
          example, {SMALL_TOP_UP} tokens carry a fee of {formatUsd(topUpFeeCents(SMALL_TOP_UP))}, and {LARGE_TOP_UP}{' '}
          tokens a fee of {formatUsd(topUpFeeCents(LARGE_TOP_UP))}.
        </p>
        <p>
          <strong>Gifts and tips.</strong> Of every wish bought and every tip sent:
        </p>
        <ul>
          <li>
            <strong>{formatRate(FEE_RATES.recipientBps)}</strong> goes to the recipient
          </li>
          <li>
            <strong>{formatRate(FEE_RATES.platformFeeBps)}</strong> is the platform fee
          </li>
          <li>
            <strong>{formatRate(FEE_RATES.processingBps)}</strong> covers payment processing
          </li>
        </ul>
        <p>
          When the recipient joined through an affiliate’s invite link, the platform fee is split:{' '}
          {formatRate(FEE_RATES.affiliateBps)} goes to the affiliate and {formatRate(PLATFORM_WITH_AFFILIATE_BPS)} to
          the platform. The recipient’s share does not change. So a {EXAMPLE_GIFT}-token gift gives the recipient{' '}
          {share(EXAMPLE_GIFT, FEE_RATES.recipientBps)} tokens, and, where there is an affiliate, the affiliate{' '}
          {share(EXAMPLE_GIFT, FEE_RATES.affiliateBps)} tokens.
        </p>
      </LegalSection>

      <LegalSection id="gifts" title="6. Wishes, gifts and tips">
        <p>
          A wish can be single-purchase (once bought, it is marked Purchased and cannot be bought again) or
          repeat-purchase (any number of fans can buy it). Tips can be any whole number of tokens. A gift or tip is
          final once sent: tokens reach the recipient at once and are not returned if you change your mind.
        </p>
        <p>
          Creators describe their own wishes and decide what they do with what they receive. {PRODUCT_NAME} is not a
          shop: we do not ship goods, and a gift is a voluntary payment to the creator, not a purchase of goods or
          services from us.
        </p>
        <p>
          <strong>Anonymous gifting.</strong> Fans may gift anonymously. The recipient then sees the gift labelled
          Anonymous instead of your profile. We still know which account sent it, and we may share that with the payment
          provider or the authorities where the law requires it or to investigate fraud.
        </p>
      </LegalSection>

      <LegalSection id="withdrawals" title="7. Withdrawals and payout accounts">
        <ul>
          <li>
            To withdraw, you connect a payout account through our payment provider, which verifies your identity and
            holds your bank details. We never see them.
          </li>
          <li>
            The minimum withdrawal is <strong>${MIN_WITHDRAWAL_TOKENS}</strong> ({MIN_WITHDRAWAL_TOKENS} tokens), and
            you can withdraw up to your balance available for withdrawal: received tokens that have cleared.
          </li>
          <li>
            We process withdrawals within <strong>{WITHDRAWAL_PROCESSING_BUSINESS_DAYS} U.S. business days</strong>. The
            money then typically arrives in your account within {WITHDRAWAL_ARRIVAL_BUSINESS_DAYS} business days,
            depending on your bank.
          </li>
          <li>
            We may hold a withdrawal while we look into suspected fraud, a chargeback or a breach of these terms, and we
            tell you when we do.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="chargebacks" title="8. Chargebacks">
        <p>
          If a fan’s card payment is refunded or reversed by their bank (a chargeback) after the tokens were spent on
          you, the gifts and tips it paid for are reversed: we take back what you received from them from your pending
          tokens, then from your balance available for withdrawal, and we tell you. If the fan’s bank later decides for
          us, everything taken back is returned. Otherwise, if your balance is too low, we may ask you to reimburse the
          difference within <strong>{CHARGEBACK_REIMBURSEMENT_DAYS} calendar days</strong> of our notice.
        </p>
      </LegalSection>

      <LegalSection id="conduct" title="9. Content and conduct">
        <p>
          We keep our content rules few, but these are firm. You must not use {PRODUCT_NAME} to post, send or ask for:
        </p>
        <ul>
          <li>sexual content involving anyone under {MINIMUM_AGE} or anyone who has not consented;</li>
          <li>
            sexually explicit material on profiles and wishes, which are public and must stay safe to open at work;
          </li>
          <li>harassment, threats, hate speech, or content that encourages violence or self-harm;</li>
          <li>someone else’s private information, or images of people shared without their consent;</li>
          <li>illegal goods or services, weapons, drugs, or anything else the law forbids;</li>
          <li>content that infringes someone’s copyright, trademark or other rights;</li>
          <li>spam, scams, phishing, or payments that pass money on for others.</li>
        </ul>
        <p>
          You must also not impersonate others, create accounts to get around a suspension, use stolen cards, disrupt or
          probe the service, or collect other users’ data with automated tools.
        </p>
        <p>
          You keep the rights to what you post. You give us a licence to host, display and deliver it as needed to run{' '}
          {PRODUCT_NAME}; it ends when you delete the content, except for copies in backups and records we must keep.
        </p>
      </LegalSection>

      <LegalSection id="messages" title="10. Messages">
        <p>
          Each purchase can have one private conversation between the buyer and the recipient, with text and images.
          Creators choose who may message them, and only fans who reward a creator can opt in to that creator’s fan
          base. Report abuse to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>; see our{' '}
          <Link to="/support">Support page</Link>.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="11. Changes to fees and terms">
        <p>
          We give at least <strong>{FEE_CHANGE_NOTICE_DAYS} days’ notice</strong> before any fee change takes effect,
          through the sign-in method on your account. Other changes to these terms apply from the date shown at the top
          of this page. If you keep using {PRODUCT_NAME} after a change takes effect, you accept it; if you do not
          agree, you may close your account.
        </p>
      </LegalSection>

      <LegalSection id="records" title="12. Financial records">
        <p>
          We keep records of token purchases, gifts, tips, fees, withdrawals and chargebacks for at least{' '}
          <strong>{FINANCIAL_RECORDS_YEARS} years</strong>, as tax and anti-fraud rules require, even after an account
          is closed.
        </p>
      </LegalSection>

      <LegalSection id="termination" title="13. Suspension and termination">
        <p>
          You can close your account at any time by writing to us. We may suspend or close an account that breaks these
          terms, puts other users at risk or exposes us to legal liability. Where we can, we tell you why and give you a
          chance to respond. When an account is closed, any balance that can lawfully be paid out is sent to its
          connected payout account, less any amounts owed under section 8; purchased tokens that were never spent are
          not refunded except where the law requires it.
        </p>
      </LegalSection>

      <LegalSection id="disclaimers" title="14. Disclaimers and liability">
        <p>
          {PRODUCT_NAME} is provided “as is”. We work hard to keep it available and secure, but we do not promise that
          it will be uninterrupted or error-free. We are not responsible for what creators and fans say or do, for
          whether a creator uses a gift as described, or for the services of the payment provider, your bank or the
          sign-in providers.
        </p>
        <p>
          As far as the law allows, our total liability to you for any claim is limited to the fees you paid us in the
          twelve months before the claim. Nothing in these terms limits rights you have under consumer law that cannot
          be excluded.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="15. Contact">
        <p>
          Questions about these terms go to {COMPANY_NAME} at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          We answer every message.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
