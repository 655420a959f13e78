import { issueCategories } from './messages';

/** The options of an issue select: a prompt, then the spec's six categories in its order. */
export function IssueCategoryOptions() {
  return (
    <>
      <option value="">Choose an issue</option>
      {issueCategories.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}
