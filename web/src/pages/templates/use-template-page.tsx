import { useParams } from 'react-router-dom';
import { UseTemplate } from '../../features/templates/use-template';

/** `/use-template/{id?}`: use a template by its ID; with one (its share link), it is looked up at once. */
export function UseTemplatePage() {
  const { templateId = '' } = useParams();
  return <UseTemplate templateId={templateId} />;
}
