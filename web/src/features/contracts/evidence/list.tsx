import type { EvidenceView } from '@escrow/api/evidence';
import { useEffect, useState } from 'react';
import { evidenceLink } from './api';
import { formatFileSize } from './checks';

/** Texts of the attachments list (not in the spec: plain ones, in the voice of the contract pages). */
export const evidenceListMessages = {
  heading: 'Attached files',
  loading: (name: string) => `Loading ${name}...`,
  linkFailed: (name: string) => `${name} could not be loaded. Please reload the page.`,
  openPdf: (name: string, size: number) => `Open ${name} (PDF, ${formatFileSize(size)})`,
} as const;

type Link = { url: string; expiresAt: string };

const expired = (link: Link | null) => link !== null && Date.parse(link.expiresAt) <= Date.now();

/**
 * A file's short-lived link: fetched when the file is shown, and fetched again (`refresh`) when it
 * has expired. `failed` when the server would not give one.
 */
function useEvidenceLink(fileId: string) {
  const [link, setLink] = useState<Link | null>(null);
  const [failed, setFailed] = useState(false);

  async function fetchLink(): Promise<Link | null> {
    try {
      const fresh = await evidenceLink(fileId);
      setLink(fresh);
      setFailed(false);
      return fresh;
    } catch {
      setFailed(true);
      return null;
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: one link per file shown; fetchLink changes every render
  useEffect(() => {
    void fetchLink();
  }, [fileId]);

  return {
    link,
    failed,
    /** The link still valid, or a fresh one when it expired. */
    current: async () => (link && !expired(link) ? link : fetchLink()),
    /** Fetches a fresh link when the one shown expired (an image asked for after it did). */
    refreshIfExpired: () => {
      if (expired(link)) void fetchLink();
    },
  };
}

function EvidenceImage({ file }: { file: EvidenceView }) {
  const { link, failed, refreshIfExpired } = useEvidenceLink(file.file_id);
  if (failed) return <p className="text-sm text-red-700 dark:text-red-300">{evidenceListMessages.linkFailed(file.name)}</p>;
  if (!link) return <p className="text-sm text-gray-600 dark:text-gray-400">{evidenceListMessages.loading(file.name)}</p>;
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer" className="inline-block">
      <img
        src={link.url}
        alt={file.name}
        onError={refreshIfExpired}
        className="h-32 w-32 rounded-md border border-gray-200 object-cover dark:border-gray-800"
      />
    </a>
  );
}

function EvidencePdf({ file }: { file: EvidenceView }) {
  const { link, failed, current } = useEvidenceLink(file.file_id);
  if (failed) return <p className="text-sm text-red-700 dark:text-red-300">{evidenceListMessages.linkFailed(file.name)}</p>;
  return (
    <a
      href={link?.url ?? '#'}
      className="text-emerald-800 underline dark:text-emerald-300"
      onClick={async (event) => {
        // A link older than its 5 minutes is refused by S3: ask for a fresh one and follow that.
        if (link && !expired(link)) return;
        event.preventDefault();
        const fresh = await current();
        if (fresh) window.location.assign(fresh.url);
      }}
    >
      {evidenceListMessages.openPdf(file.name, file.size)}
    </a>
  );
}

/** The files attached to a message, for either party: images as thumbnails, PDFs as links. Nothing when there are none. */
export function EvidenceList({
  files,
  label = evidenceListMessages.heading,
}: {
  files: readonly EvidenceView[];
  label?: string;
}) {
  if (files.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-3">
      {files.map((file) => (
        <li key={file.file_id}>
          {file.content_type === 'application/pdf' ? <EvidencePdf file={file} /> : <EvidenceImage file={file} />}
        </li>
      ))}
    </ul>
  );
}
