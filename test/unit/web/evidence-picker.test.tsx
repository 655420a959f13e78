// @vitest-environment happy-dom

import type { ContractView } from '@escrow/api/contracts';
import type { EvidenceView } from '@escrow/api/evidence';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarkDeliveredForm } from '../../../web/src/features/contracts/delivery';
import { formatFileSize } from '../../../web/src/features/contracts/evidence/checks';
import { EvidenceList } from '../../../web/src/features/contracts/evidence/list';
import { fakeApi, reply } from './fake-api';
import { renderWithProviders, signedIn } from './providers';
import { delivered } from './wedding-deal';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })) }));

// The seller (u1) of a funded contract, not yet delivered.
const funded: ContractView = {
  ...delivered,
  status: 'fully_funded',
  creator_id: 'u1',
  payer_user_ids: ['buyer-1'],
  accepted_by: ['buyer-1'],
  delivered_at: null,
  delivery_note: null,
  inspection_ends_at: null,
};

const bucketUrl = 'https://files.example.com/evidence-bucket';
const api = fakeApi();
/** The form posts the browser sent to the bucket: each one's entries, in order. */
let bucketPosts: Array<Array<[string, FormDataEntryValue]>> = [];
let bucketStatus = 204;
let uploads = 0;

/** A file as the browser's picker gives it; `size` overrides its length (no need to allocate 11 MB). */
function aFile(name: string, type: string, size?: number): File {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function pick(...files: File[]) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Attach photos or PDFs (optional)'), { target: { files } });
  });
}

async function deliver(note = 'Sent by courier') {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(/What was delivered/), { target: { value: note } });
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Delivered' }));
  });
}

const onDelivered = vi.fn();

beforeEach(() => {
  api.install();
  api.calls.length = 0;
  bucketPosts = [];
  bucketStatus = 204;
  uploads = 0;
  onDelivered.mockReset();
  api.on('POST', '/request-evidence-upload', () => {
    uploads++;
    return Response.json({
      fileId: `f${uploads}`,
      url: bucketUrl,
      fields: { key: `uploads/c1/f${uploads}`, 'Content-Type': 'image/png', Policy: 'p', 'X-Amz-Signature': 's' },
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
  });
  api.on('POST', '/confirm-evidence', (body) => {
    const { fileId } = body as { fileId: string };
    return Response.json({
      file: {
        file_id: fileId,
        name: 'x',
        content_type: 'image/png',
        size: 4,
        purpose: 'delivery',
        status: 'confirmed',
        by: 'creator',
        attached_to: null,
      },
    });
  });
  api.on('POST', '/mark-delivered', (body) =>
    Response.json({ contract: { ...funded, ...delivered, creator_id: 'u1', echo: body } }),
  );
  // The bucket is no API route: its posts are multipart forms, answered 204 as S3 does.
  const toApi = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== bucketUrl) return toApi(input, init);
    if (!(init?.body instanceof FormData)) throw new Error('the bucket takes a multipart form');
    bucketPosts.push([...init.body.entries()]);
    return new Response(null, { status: bucketStatus });
  });
  renderWithProviders(<MarkDeliveredForm contract={funded} onDelivered={onDelivered} />, { auth: signedIn });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const attachedList = () => screen.getByRole('list', { name: 'Files to attach' });

describe('the evidence picker on the delivery form', () => {
  it('offers images and PDFs, several at once, under a visible label', () => {
    const input = screen.getByLabelText('Attach photos or PDFs (optional)') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,application/pdf');
  });

  it('refuses before any upload a file of another type, an empty one and one over 10 MB, saying which and why', async () => {
    await pick(
      aFile('notes.txt', 'text/plain'),
      aFile('blank.png', 'image/png', 0),
      aFile('huge.pdf', 'application/pdf', 10 * 1024 * 1024 + 1),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('notes.txt: Attach an image (JPEG, PNG or WebP) or a PDF.');
    expect(alert.textContent).toContain('blank.png: The file is empty.');
    expect(alert.textContent).toContain('huge.pdf: A file can be at most 10 MB.');
    expect(api.callsTo('POST', '/request-evidence-upload')).toHaveLength(0);
    expect(bucketPosts).toHaveLength(0);
  });

  it('takes a file of exactly 10 MB', async () => {
    await pick(aFile('at-limit.pdf', 'application/pdf', 10 * 1024 * 1024));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(attachedList()).getByText('at-limit.pdf')).toBeTruthy();
    expect(within(attachedList()).getByText('(10 MB)')).toBeTruthy();
  });

  it('takes at most 5 files on one message, counting those already attached', async () => {
    await pick(aFile('1.png', 'image/png'), aFile('2.png', 'image/png'), aFile('3.png', 'image/png'));
    await pick(aFile('4.png', 'image/png'), aFile('5.png', 'image/png'), aFile('6.png', 'image/png'));
    expect(screen.getByRole('alert').textContent).toBe('Attach at most 5 files to one message.');
    expect(within(attachedList()).getAllByRole('listitem')).toHaveLength(5);
    expect(api.callsTo('POST', '/request-evidence-upload')).toHaveLength(5);
  });

  it('uploads a file to the bucket with every field of the presigned POST and the file last, confirms it, and sends its id with the delivery', async () => {
    await pick(aFile('parcel.png', 'image/png'));
    expect(api.callsTo('POST', '/request-evidence-upload')[0]?.body).toEqual({
      contractId: 'c1',
      purpose: 'delivery',
      name: 'parcel.png',
      contentType: 'image/png',
      size: 4,
    });
    const [post] = bucketPosts;
    expect(post?.map(([name]) => name)).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect(api.callsTo('POST', '/confirm-evidence')[0]?.body).toEqual({ fileId: 'f1' });
    expect(within(attachedList()).getByText('Attached')).toBeTruthy();

    await deliver();
    expect(api.callsTo('POST', '/mark-delivered')[0]?.body).toEqual({
      contractId: 'c1',
      note: 'Sent by courier',
      evidence: ['f1'],
    });
    expect(onDelivered).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal of a file whose bytes are not its type by the picker, and does not send it", async () => {
    api.on('POST', '/confirm-evidence', reply({ error: 'This file is not a PDF.' }, 422));
    await pick(aFile('invoice.pdf', 'application/pdf'));
    expect(within(attachedList()).getByText('This file is not a PDF.')).toBeTruthy();
    await deliver();
    expect(api.callsTo('POST', '/mark-delivered')[0]?.body).toEqual({ contractId: 'c1', note: 'Sent by courier' });
  });

  it('says the upload failed when the bucket refuses it, without confirming it', async () => {
    bucketStatus = 403;
    await pick(aFile('parcel.png', 'image/png'));
    expect(within(attachedList()).getByText('The file could not be uploaded. Please try again.')).toBeTruthy();
    expect(api.callsTo('POST', '/confirm-evidence')).toHaveLength(0);
  });

  it('does not send a file removed before sending', async () => {
    await pick(aFile('keep.png', 'image/png'), aFile('drop.png', 'image/png'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove drop.png' }));
    });
    expect(within(attachedList()).queryByText('drop.png')).toBeNull();
    await deliver();
    expect(api.callsTo('POST', '/mark-delivered')[0]?.body).toMatchObject({ evidence: ['f1'] });
  });

  it('cannot be sent while a file is still uploading', async () => {
    let finish: (r: Response) => void = () => {};
    api.on('POST', '/confirm-evidence', () => new Promise<Response>((resolve) => (finish = resolve)));
    await pick(aFile('slow.png', 'image/png'));
    expect(within(attachedList()).getByText('Uploading...')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark as Delivered' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Wait for your files to finish uploading.')).toBeTruthy();
    await act(async () => finish(Response.json({ error: 'This file is not a PNG image.' }, { status: 422 })));
    expect((screen.getByRole('button', { name: 'Mark as Delivered' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the attachments list', () => {
  const photo: EvidenceView = {
    file_id: 'f1',
    name: 'parcel.png',
    content_type: 'image/png',
    size: 2048,
    purpose: 'delivery',
    status: 'confirmed',
    by: 'creator',
    attached_to: 'delivery',
  };
  const report: EvidenceView = { ...photo, file_id: 'f2', name: 'report.pdf', content_type: 'application/pdf', size: 1_258_291 };

  beforeEach(() => cleanup());

  it('shows an image as a thumbnail from a fresh link, named by its file, and a PDF as a link with its size', async () => {
    api.on('POST', '/evidence-link', (body) => {
      const { fileId } = body as { fileId: string };
      return Response.json({
        url: `${bucketUrl}/evidence/c1/${fileId}?X-Amz-Signature=x`,
        expiresAt: '2030-01-01T00:00:00.000Z',
      });
    });
    renderWithProviders(<EvidenceList files={[photo, report]} />);
    await act(async () => {});
    const image = screen.getByRole('img', { name: 'parcel.png' }) as HTMLImageElement;
    expect(image.src).toBe(`${bucketUrl}/evidence/c1/f1?X-Amz-Signature=x`);
    const link = screen.getByRole('link', { name: 'Open report.pdf (PDF, 1.2 MB)' }) as HTMLAnchorElement;
    expect(link.href).toBe(`${bucketUrl}/evidence/c1/f2?X-Amz-Signature=x`);
    expect(api.callsTo('POST', '/evidence-link').map((c) => c.body)).toEqual([{ fileId: 'f1' }, { fileId: 'f2' }]);
  });

  it('asks for a fresh link when the one shown expired and the image is asked for again', async () => {
    let served = 0;
    api.on('POST', '/evidence-link', () => {
      served++;
      // The first link has already expired by the time the image loads; the next one is good.
      const expiresAt = served === 1 ? '2000-01-01T00:00:00.000Z' : '2030-01-01T00:00:00.000Z';
      return Response.json({ url: `${bucketUrl}/evidence/c1/f1?n=${served}`, expiresAt });
    });
    renderWithProviders(<EvidenceList files={[photo]} />);
    await act(async () => {});
    await act(async () => {
      fireEvent.error(screen.getByRole('img', { name: 'parcel.png' }));
    });
    expect((screen.getByRole('img', { name: 'parcel.png' }) as HTMLImageElement).src).toBe(`${bucketUrl}/evidence/c1/f1?n=2`);
    // A link still valid is not asked for again on an error (no loop on a broken file).
    await act(async () => {
      fireEvent.error(screen.getByRole('img', { name: 'parcel.png' }));
    });
    expect(served).toBe(2);
  });

  it('reads sizes in the units of the 10 MB limit', () => {
    expect(formatFileSize(820)).toBe('820 bytes');
    expect(formatFileSize(12 * 1024)).toBe('12 kB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
  });
});
