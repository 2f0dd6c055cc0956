import { Fragment } from "react";

/** An e-mail address that wraps after "@" or before a dot, not in the middle of a word
 * ("qa1@ex / ample.com"); a part too long for the line still breaks rather than overflow. */
export function EmailText({ value }: { value: string }) {
  const at = value.lastIndexOf("@");
  if (at < 0) return <span className="[overflow-wrap:anywhere]">{value}</span>;
  const domain = value.slice(at + 1).split(".");
  return (
    <span className="[overflow-wrap:anywhere]">
      {value.slice(0, at + 1)}
      <wbr />
      {domain.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
