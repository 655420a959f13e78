import type { EvidencePurpose, EvidenceType } from '@escrow/domain/evidence';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, tapTargetClass } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api';
import { confirmEvidence, requestEvidenceUpload, uploadToBucket } from './api';
import { checkPickedFiles, evidenceAccept, formatFileSize, evidencePickerMessages as texts } from './checks';

/** A file picked for a message, as the picker shows it: on its way, attached (its server id), or refused (why). */
export type PickedFile = { key: number; name: string; size: number } & (
  | { state: 'uploading' }
  | { state: 'attached'; fileId: string }
  | { state: 'refused'; error: string }
);

/**
 * The files a person attaches to one message (a delivery, a dispute proposal): each picked file is
 * checked here, then uploaded and confirmed on its own, its state shown as it goes. The form sends
 * `attachedIds` and may not be sent while a file is `uploading`.
 */
export function useEvidencePicker(contractId: string, purpose: EvidencePurpose) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const nextKey = useRef(0);

  const update = (key: number, next: PickedFile) => setFiles((all) => all.map((f) => (f.key === key ? next : f)));

  /** Request the upload, POST the bytes to the bucket, confirm: the server reads them and says whether they are their type. */
  async function upload(key: number, file: File, contentType: EvidenceType) {
    const base = { key, name: file.name, size: file.size };
    try {
      const { fileId, url, fields } = await requestEvidenceUpload({
        contractId,
        purpose,
        name: file.name,
        contentType,
        size: file.size,
      });
      await uploadToBucket(url, fields, file);
      await confirmEvidence(fileId);
      update(key, { ...base, state: 'attached', fileId });
    } catch (failure) {
      update(key, { ...base, state: 'refused', error: failureMessage(failure, texts.uploadFailed) });
    }
  }

  function add(picked: readonly File[]) {
    const kept = files.filter((f) => f.state !== 'refused').length;
    const { accepted, refusals } = checkPickedFiles(picked, kept);
    setRefusals(refusals);
    const started = accepted.map((pick) => ({ ...pick, key: nextKey.current++ }));
    setFiles((all) => [
      ...all,
      ...started.map(({ file, key }) => ({ key, name: file.name, size: file.size, state: 'uploading' as const })),
    ]);
    for (const { file, key, contentType } of started) void upload(key, file, contentType);
  }

  return {
    files,
    refusals,
    add,
    /** Takes a file off the message (it is not sent; an upload still going finishes unseen and is never attached). */
    remove: (key: number) => setFiles((all) => all.filter((f) => f.key !== key)),
    clear: () => {
      setFiles([]);
      setRefusals([]);
    },
    attachedIds: files.flatMap((f) => (f.state === 'attached' ? [f.fileId] : [])),
    uploading: files.some((f) => f.state === 'uploading'),
  };
}

export type EvidencePicker = ReturnType<typeof useEvidencePicker>;

const stateText = (file: PickedFile) =>
  file.state === 'uploading' ? texts.uploading : file.state === 'attached' ? texts.attached : file.error;

/** The picker's control: a labelled file input (images and PDFs), its refusals, and each file with its state and a Remove button. */
export function EvidencePickerField({ picker, disabled }: { picker: EvidencePicker; disabled?: boolean }) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700 dark:text-gray-300">
        {texts.label}
      </label>
      <input
        id={id}
        type="file"
        accept={evidenceAccept}
        multiple
        disabled={disabled}
        aria-describedby={hintId}
        className={`${tapTargetClass} block w-full text-sm text-gray-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-gray-800 dark:text-gray-300 dark:file:border-gray-700 dark:file:bg-gray-900 dark:file:text-gray-100`}
        onChange={(event) => {
          picker.add([...(event.target.files ?? [])]);
          // Picking the same file again after removing it must fire a change again.
          event.target.value = '';
        }}
      />
      <p id={hintId} className="text-sm text-gray-600 dark:text-gray-400">
        {texts.hint}
      </p>
      {picker.refusals.length > 0 && (
        <Alert tone="error">
          <ul>
            {picker.refusals.map((refusal) => (
              <li key={refusal}>{refusal}</li>
            ))}
          </ul>
        </Alert>
      )}
      {picker.files.length > 0 && (
        <ul className="space-y-2" aria-label="Files to attach">
          {picker.files.map((file) => (
            <li
              key={file.key}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 px-3 py-2 text-sm dark:border-gray-800"
            >
              <span className="min-w-0 break-all">
                <span className="font-medium">{file.name}</span>{' '}
                <span className="text-gray-600 dark:text-gray-400">({formatFileSize(file.size)})</span>
                <span
                  aria-live="polite"
                  className={`block ${file.state === 'refused' ? 'text-red-700 dark:text-red-300' : 'text-gray-700 dark:text-gray-300'}`}
                >
                  {stateText(file)}
                </span>
              </span>
              <Button
                variant="secondary"
                onClick={() => picker.remove(file.key)}
                disabled={disabled}
                aria-label={texts.remove(file.name)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
