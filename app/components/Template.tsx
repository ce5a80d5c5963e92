// A catalogue sentence with parts that are data, not words of the page's language ("{language}" → <bdi>Spanish</bdi>):
// the data is isolated, so it reads in its own direction inside an Arabic sentence and is not taken for UI text.
import { Fragment, type ReactNode } from "react";

export function Template({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  const parts = text.split(/(\{\w+\})/);
  return (
    <>
      {parts.map((part, index) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        return <Fragment key={index}>{name !== undefined && name in values ? values[name] : part}</Fragment>;
      })}
    </>
  );
}
