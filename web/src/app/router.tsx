import { lazy } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { GuestGuard } from '../components/guest-guard';
import { Layout } from '../components/layout/layout';
import { LoginGuard } from '../components/login-guard';
import { paths } from '../config/paths';
import { InactivityMonitor } from '../features/inactivity/inactivity-monitor';
import { useConfig } from '../lib/config';

const LandingPage = lazy(() => import('../pages/landing/landing-page').then((m) => ({ default: m.LandingPage })));
const SignupPage = lazy(() => import('../pages/auth/signup-page').then((m) => ({ default: m.SignupPage })));
const LoginPage = lazy(() => import('../pages/auth/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterDevicePage = lazy(() =>
  import('../pages/auth/register-device-page').then((m) => ({ default: m.RegisterDevicePage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../pages/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() => import('../pages/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const ConfirmEmailPage = lazy(() => import('../pages/auth/confirm-email-page').then((m) => ({ default: m.ConfirmEmailPage })));
const StopInvitationEmailsPage = lazy(() =>
  import('../pages/invitations/stop-invitation-emails-page').then((m) => ({ default: m.StopInvitationEmailsPage })),
);
const InvitationPage = lazy(() => import('../pages/invitations/invitation-page').then((m) => ({ default: m.InvitationPage })));
const DashboardPage = lazy(() => import('../pages/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const CreateContractPromptPage = lazy(() =>
  import('../pages/contracts/create-contract-prompt-page').then((m) => ({ default: m.CreateContractPromptPage })),
);
const CreateContractPage = lazy(() =>
  import('../pages/contracts/create-contract-page').then((m) => ({ default: m.CreateContractPage })),
);
const ContractCreationPolicyPage = lazy(() =>
  import('../pages/policies/contract-creation-policy-page').then((m) => ({ default: m.ContractCreationPolicyPage })),
);
const MyCreatedContractPage = lazy(() =>
  import('../pages/contracts/my-created-contract-page').then((m) => ({ default: m.MyCreatedContractPage })),
);
const FindContractPage = lazy(() =>
  import('../pages/contracts/find-contract-page').then((m) => ({ default: m.FindContractPage })),
);
const AcceptContractManualPage = lazy(() =>
  import('../pages/contracts/accept-contract-manual-page').then((m) => ({ default: m.AcceptContractManualPage })),
);
const ContractPage = lazy(() => import('../pages/contracts/contract-page').then((m) => ({ default: m.ContractPage })));
const ViewContractsPage = lazy(() =>
  import('../pages/contracts/view-contracts-page').then((m) => ({ default: m.ViewContractsPage })),
);
const MyContractDetailsPage = lazy(() =>
  import('../pages/contracts/my-contract-details-page').then((m) => ({ default: m.MyContractDetailsPage })),
);
const ContractAnalyticsPage = lazy(() =>
  import('../pages/contracts/contract-analytics-page').then((m) => ({ default: m.ContractAnalyticsPage })),
);
const EngagedContractsPage = lazy(() =>
  import('../pages/contracts/engaged-contracts-page').then((m) => ({ default: m.EngagedContractsPage })),
);
const CreateTemplatePage = lazy(() =>
  import('../pages/templates/create-template-page').then((m) => ({ default: m.CreateTemplatePage })),
);
const MyTemplatesPage = lazy(() => import('../pages/templates/my-templates-page').then((m) => ({ default: m.MyTemplatesPage })));
const TemplateDetailsPage = lazy(() =>
  import('../pages/templates/template-details-page').then((m) => ({ default: m.TemplateDetailsPage })),
);
const UseTemplatePage = lazy(() => import('../pages/templates/use-template-page').then((m) => ({ default: m.UseTemplatePage })));
const EscrowPaymentPage = lazy(() =>
  import('../pages/payment/escrow-payment-page').then((m) => ({ default: m.EscrowPaymentPage })),
);
const CustomCheckoutPage = lazy(() =>
  import('../pages/payment/custom-checkout-page').then((m) => ({ default: m.CustomCheckoutPage })),
);
const PaymentVerificationPage = lazy(() =>
  import('../pages/payment/payment-verification-page').then((m) => ({ default: m.PaymentVerificationPage })),
);
const PaymentSuccessPage = lazy(() =>
  import('../pages/payment/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })),
);
const PaymentCancelledPage = lazy(() =>
  import('../pages/payment/payment-cancelled-page').then((m) => ({ default: m.PaymentCancelledPage })),
);
const PaymentFailedPage = lazy(() =>
  import('../pages/payment/payment-failed-page').then((m) => ({ default: m.PaymentFailedPage })),
);
const MyAccountPage = lazy(() => import('../pages/account/my-account-page').then((m) => ({ default: m.MyAccountPage })));
const BankInfoPage = lazy(() => import('../pages/account/bank-info-page').then((m) => ({ default: m.BankInfoPage })));
const DollarAccountPage = lazy(() => import('../pages/account/bank-info-page').then((m) => ({ default: m.DollarAccountPage })));
const ResetPinPage = lazy(() => import('../pages/account/reset-pin-page').then((m) => ({ default: m.ResetPinPage })));
const NeedHelpPage = lazy(() => import('../pages/support/need-help-page').then((m) => ({ default: m.NeedHelpPage })));
const SupportPage = lazy(() => import('../pages/support/support-page').then((m) => ({ default: m.SupportPage })));
const HowItWorksPage = lazy(() => import('../pages/info/how-it-works-page').then((m) => ({ default: m.HowItWorksPage })));
const WhoWeArePage = lazy(() => import('../pages/info/who-we-are-page').then((m) => ({ default: m.WhoWeArePage })));
const PricingPage = lazy(() => import('../pages/info/pricing-page').then((m) => ({ default: m.PricingPage })));
const ContactUsPage = lazy(() => import('../pages/info/contact-us-page').then((m) => ({ default: m.ContactUsPage })));
const PrivacyPolicyPage = lazy(() =>
  import('../pages/policies/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('../pages/policies/terms-of-service-page').then((m) => ({ default: m.TermsOfServicePage })),
);
const NotFoundPage = lazy(() => import('../pages/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** Every signed-in page watches for inactivity. */
function SignedInArea() {
  return (
    <>
      <Outlet />
      <InactivityMonitor />
    </>
  );
}

/**
 * The pages that sign in or call the API: they wait for the stage's config, which configures
 * Amplify and the API client. The pre-rendered pages (paths.ts `staticPages`) sit outside it.
 */
function ClientsReady() {
  useConfig();
  return <Outlet />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.home.path} element={<LandingPage />} />
        <Route path={paths.needHelp.path} element={<NeedHelpPage />} />
        <Route path={paths.howItWorks.path} element={<HowItWorksPage />} />
        <Route path={paths.whoWeAre.path} element={<WhoWeArePage />} />
        <Route path={paths.pricing.path} element={<PricingPage />} />
        <Route path={paths.contactUs.path} element={<ContactUsPage />} />
        <Route path={paths.privacyPolicy.path} element={<PrivacyPolicyPage />} />
        <Route path={paths.termsOfService.path} element={<TermsOfServicePage />} />
        {/* Public: the create form opens it in a new tab, which has no session (sessionStorage). */}
        <Route path={paths.contractCreationPolicy.path} element={<ContractCreationPolicyPage />} />
        <Route element={<ClientsReady />}>
          <Route element={<GuestGuard />}>
            <Route path={paths.signup.path} element={<SignupPage />} />
            <Route path={paths.login.path} element={<LoginPage />} />
          </Route>
          <Route path={paths.registerDevice.path} element={<RegisterDevicePage />} />
          <Route path={paths.forgotPassword.path} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPasswordConfirm.path} element={<ResetPasswordPage />} />
          <Route path={paths.confirmEmail.path} element={<ConfirmEmailPage />} />
          <Route path={paths.stopInvitationEmails.path} element={<StopInvitationEmailsPage />} />
          <Route path={paths.invitation.path} element={<InvitationPage />} />
          <Route element={<LoginGuard />}>
            <Route element={<SignedInArea />}>
              <Route path={paths.dashboard.path} element={<DashboardPage />} />
              <Route path={paths.createContractPrompt.path} element={<CreateContractPromptPage />} />
              <Route path={paths.createContract.path} element={<CreateContractPage />} />
              <Route path={paths.myCreatedContract.path} element={<MyCreatedContractPage />} />
              <Route path={paths.createTemplate.path} element={<CreateTemplatePage />} />
              <Route path={paths.myTemplates.path} element={<MyTemplatesPage />} />
              <Route path={paths.templateDetails.path} element={<TemplateDetailsPage />} />
              <Route path={paths.findContract.path} element={<FindContractPage />} />
              <Route path={paths.acceptContractManual.path} element={<AcceptContractManualPage />} />
              <Route path={paths.useTemplate.path} element={<UseTemplatePage />} />
              <Route path={paths.contract.path} element={<ContractPage />} />
              <Route path={paths.escrowPayment.path} element={<EscrowPaymentPage />} />
              <Route path={paths.customCheckout.path} element={<CustomCheckoutPage />} />
              {/* Signed in too: the provider sends the payer back in the same tab, whose session is still there. */}
              <Route path={paths.paymentVerification.path} element={<PaymentVerificationPage />} />
              <Route path={paths.paymentSuccess.path} element={<PaymentSuccessPage />} />
              <Route path={paths.paymentCancelled.path} element={<PaymentCancelledPage />} />
              <Route path={paths.paymentFailed.path} element={<PaymentFailedPage />} />
              <Route path={paths.viewContracts.path} element={<ViewContractsPage />} />
              {/* Where use-template goes when the server names no new contract. The spec gives it no page of its
                  own; the caller is that contract's acceptor, so it is listed among the engaged contracts. */}
              <Route path={paths.myContracts.path} element={<EngagedContractsPage />} />
              <Route path={paths.myContractDetails.path} element={<MyContractDetailsPage />} />
              <Route path={paths.contractAnalytics.path} element={<ContractAnalyticsPage />} />
              <Route path={paths.engagedContracts.path} element={<EngagedContractsPage />} />
              <Route path={paths.myAccount.path} element={<MyAccountPage />} />
              <Route path={paths.bankInfo.path} element={<BankInfoPage />} />
              <Route path={paths.dollarAccount.path} element={<DollarAccountPage />} />
              <Route path={paths.resetPin.path} element={<ResetPinPage />} />
              <Route path={paths.support.path} element={<SupportPage />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
