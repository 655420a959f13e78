// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import type { EvidenceView } from '@escrow/api/evidence';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractPage } from '../../../web/src/pages/contracts/contract-page';
import { fakeApi, reply } from './fake-api';
import { click, renderSignedInAt } from './providers';
import { delivered, openDispute, proposedByBuyer } from './wedding-deal';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

// The signed-in user u1 is the buyer of a disputed contract.
const disputed: ContractView = { ...delivered, status: 'disputed' };
const people = [
  { id: 'seller-1', full_name: 'Ada Obi', username: null },
  { id: 'u1', full_name: 'Bola Ade', username: null },
];
const bucketUrl = 'https://files.example.com/evidence-bucket';

const file = (over: Partial<EvidenceView>): EvidenceView => ({
  file_id: 'f0',
  name: 'x.png',
  content_type: 'image/png',
  size: 2048,
  purpose: 'dispute',
  status: 'confirmed',
  by: 'payer',
  attached_to: 'dispute',
  ...over,
});

const api = fakeApi();

async function buyerPage(evidence: EvidenceView[]) {
  api.on('POST', '/get-contract-for-acceptor', reply({ ...disputed }));
  api.on('GET', '/contracts/c1', reply({ contract: disputed, people, evidence }));
  api.on('GET', '/contracts/c1/dispute', reply({ dispute: openDispute }));
  api.on('POST', '/evidence-link', (body) =>
    Response.json({ url: `${bucketUrl}/${(body as { fileId: string }).fileId}`, expiresAt: '2030-01-01T00:00:00.000Z' }),
  );
  await renderSignedInAt('/contracts/c1', <Route path="/contracts/:contractId" element={<ContractPage />} />);
  await screen.findByText('No proposals yet. Either side may propose how to split the money.');
}

beforeEach(() => {
  api.install();
  api.calls.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('evidence in a dispute', () => {
  it("lists the dispute's files under the side that sent them, and the delivery's under the delivery", async () => {
    await buyerPage([
      file({ file_id: 'f1', name: 'broken-lens.jpg', content_type: 'image/jpeg', by: 'payer' }),
      file({ file_id: 'f2', name: 'courier-receipt.pdf', content_type: 'application/pdf', size: 52_000, by: 'creator' }),
      file({ file_id: 'f3', name: 'parcel.png', purpose: 'delivery', by: 'creator', attached_to: 'delivery' }),
    ]);
    const mine = screen.getByRole('list', { name: 'Your files' });
    expect(within(mine).getByRole('img', { name: 'broken-lens.jpg' })).toBeTruthy();
    const theirs = screen.getByRole('list', { name: "The seller's files" });
    expect(within(theirs).getByRole('link', { name: 'Open courier-receipt.pdf (PDF, 50.8 kB)' })).toBeTruthy();
    const delivery = screen.getByRole('list', { name: 'Files attached to the delivery' });
    expect(within(delivery).getByRole('img', { name: 'parcel.png' })).toBeTruthy();
    expect(within(delivery).queryByRole('img', { name: 'broken-lens.jpg' })).toBeNull();
  });

  it('sends the files attached to a proposal with it, as uploads for the dispute', async () => {
    api.on('POST', '/propose-settlement', reply({ dispute: proposedByBuyer, contract: disputed }));
    api.on('POST', '/request-evidence-upload', () =>
      Response.json({ fileId: 'f9', url: bucketUrl, fields: { key: 'uploads/c1/f9' }, expiresAt: '2030-01-01T00:00:00.000Z' }),
    );
    api.on('POST', '/confirm-evidence', () =>
      Response.json({ file: file({ file_id: 'f9', status: 'confirmed', attached_to: null }) }),
    );
    const toApi = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === bucketUrl ? new Response(null, { status: 204 }) : toApi(input, init),
    );
    await buyerPage([]);
    const split = screen.getByRole('form', { name: 'Propose a split' });
    await act(async () => {
      fireEvent.change(within(split).getByLabelText(/Amount back to the buyer/), { target: { value: '20000' } });
      const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'broken-lens.jpg', { type: 'image/jpeg' });
      fireEvent.change(within(split).getByLabelText('Attach photos or PDFs (optional)'), { target: { files: [photo] } });
    });
    expect(api.callsTo('POST', '/request-evidence-upload')[0]?.body).toMatchObject({ purpose: 'dispute', contractId: 'c1' });
    await within(split).findByText('Attached');
    await click('Propose this split');
    expect(api.callsTo('POST', '/propose-settlement').map((call) => call.body)).toEqual([
      { contractId: 'c1', refund: '20000', evidence: ['f9'] },
    ]);
  });
});
