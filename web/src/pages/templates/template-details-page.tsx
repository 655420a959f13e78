import { useParams } from 'react-router-dom';
import { MyTemplateDetails } from '../../features/templates/my-template-details';

export function TemplateDetailsPage() {
  const { templateId = '' } = useParams();
  return <MyTemplateDetails templateId={templateId} />;
}
