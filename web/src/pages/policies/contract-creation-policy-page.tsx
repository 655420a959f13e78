import { usePageMeta } from '../../lib/use-page-meta';

/** A plain policy page; the spec names it but gives no text. */
export function ContractCreationPolicyPage() {
  usePageMeta('Contract Creation Policy', 'What a seller confirms when creating an escrow contract.');
  return (
    <section className="mx-auto max-w-3xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-bold">Contract Creation Policy</h1>
      <p>By creating a contract you confirm that:</p>
      <ul className="list-disc space-y-2 pl-6">
        <li>The title, description and value describe exactly what you will deliver.</li>
        <li>You are legally allowed to sell what the contract describes.</li>
        <li>The payment is held in escrow until the buyer marks the contract as completed.</li>
        <li>A flat 2% platform fee is deducted from the funds when they are released to you.</li>
        <li>A contract can only be changed or deleted while it is still pending.</li>
      </ul>
    </section>
  );
}
