import { type InvitationPreview, invitationLinkContractId, invitationMessages } from '@escrow/api/invitations';
import { formatAmount } from '@escrow/domain/money';
import { useCallback } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { InspectionWindowDetail } from '../../components/offer-details';
import { Alert } from '../../components/ui/alert';
import { FormCard } from '../../components/ui/form-card';
import { Detail, Details, Loading, linkButtonClass, secondaryLinkButtonClass } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { rememberAfterSignIn } from '../../lib/after-sign-in';
import { failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useLoad } from '../../lib/use-load';
import { getInvitation } from './api';

/**
 * The link of an invitation email: the offer, for someone who has no account yet, and the way to
 * the account that accepts it. Sign-up and login open with the invited address filled in, and
 * bring the person back to the contract once signed in (also when the confirmation link opens in
 * another tab: lib/after-sign-in.ts). Someone already signed in goes to the contract at once.
 */
export function InvitationOffer({ token }: { token: string }) {
  const { state } = useAuth();
  const contractId = invitationLinkContractId(token);
  if (state.status === 'loading') {
    return (
      <FormCard title="Your Invitation">
        <Loading />
      </FormCard>
    );
  }
  if (state.status === 'signedIn' && contractId) return <Navigate to={paths.contract.getHref(contractId)} replace />;
  if (!contractId) return <Closed message={invitationMessages.invitationClosed} contractId={null} />;
  return <SignedOutOffer token={token} contractId={contractId} />;
}

function SignedOutOffer({ token, contractId }: { token: string; contractId: string }) {
  const [offer] = useLoad(useCallback(() => getInvitation(token), [token]));
  if (offer.status === 'loading') {
    return (
      <FormCard title="Your Invitation">
        <Loading>Loading the offer...</Loading>
      </FormCard>
    );
  }
  if (offer.status === 'failed')
    return (
      <Closed
        message={failureMessage(offer.error, 'Could not load this offer. Please open the link again.')}
        contractId={contractId}
      />
    );
  return <Offer offer={offer.data} />;
}

function Offer({ offer }: { offer: InvitationPreview }) {
  const prefill = { email: offer.invited_email, returnTo: paths.contract.getHref(offer.contract_id) };
  // Kept before leaving: whichever way the person signs in, even after confirming in another tab, they come back to it.
  const remember = () => rememberAfterSignIn(prefill.returnTo);
  return (
    <FormCard title="You Are Invited to a Contract">
      <p className="text-gray-700 dark:text-gray-300">
        <strong>{offer.seller_name}</strong> offered you a contract on MiddleMan escrow. You pay into escrow, the seller delivers,
        and the money goes to the seller only when you are satisfied.
      </p>
      <Details>
        <Detail label="Seller">{offer.seller_name}</Detail>
        <Detail label="Title">{offer.title}</Detail>
        <Detail label="Amount">
          <span className="text-xl font-bold">{formatAmount(offer.value_minor, offer.currency)}</span>
        </Detail>
        <InspectionWindowDetail days={offer.inspection_days} />
      </Details>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        This offer was sent to <strong>{offer.invited_email}</strong>. Create your free account with this email to see the whole
        contract and accept it.
      </p>
      <Link to={paths.signup.getHref(prefill)} onClick={remember} className={`${linkButtonClass} w-full text-lg`}>
        Create your account to accept
      </Link>
      <Link to={paths.login.getHref(prefill)} onClick={remember} className={`${secondaryLinkButtonClass} w-full text-sm`}>
        I already have an account
      </Link>
    </FormCard>
  );
}

/** No offer to show: why, and the way to the contract for whoever already has the account it went to. */
function Closed({ message, contractId }: { message: string; contractId: string | null }) {
  const login = contractId ? paths.login.getHref({ returnTo: paths.contract.getHref(contractId) }) : paths.login.getHref();
  return (
    <FormCard title="Your Invitation">
      <Alert tone="error">{message}</Alert>
      <Link
        to={login}
        onClick={() => contractId && rememberAfterSignIn(paths.contract.getHref(contractId))}
        className={`${linkButtonClass} w-full`}
      >
        Log in
      </Link>
    </FormCard>
  );
}
