import { useConfig } from '../../lib/config';
import { displayWhatsapp, supportHours } from './messages';

/** The support hours and where to write, as the stage configures them. */
export function SupportChannels() {
  const { support } = useConfig();
  return (
    <div className="space-y-1 rounded-lg border border-gray-200 p-4 text-sm dark:border-gray-800">
      <p>
        <span className="font-medium">Support hours:</span> {supportHours}
      </p>
      <p>
        <span className="font-medium">Email:</span> {support.email}
      </p>
      {support.whatsapp && (
        <p>
          <span className="font-medium">WhatsApp:</span> {displayWhatsapp(support.whatsapp)}
        </p>
      )}
    </div>
  );
}
