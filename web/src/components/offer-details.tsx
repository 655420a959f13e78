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
