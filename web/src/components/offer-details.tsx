import { Detail } from './ui/page';

/** The Title and Description rows of a contract's or template's details; the description keeps its line breaks. */
export function TitleAndDescription({ title, description }: { title: string; description: string }) {
  return (
    <>
      <Detail label="Title">{title}</Detail>
      <Detail label="Description">
        <span className="whitespace-pre-line">{description}</span>
      </Detail>
    </>
  );
}

/** The Inspection window row of a template's (or contract's) details: the days the buyer has to check a delivery. */
export function InspectionWindowDetail({ days }: { days: number }) {
  return <Detail label="Inspection window">{`${days} ${days === 1 ? 'day' : 'days'} to check the delivery`}</Detail>;
}
