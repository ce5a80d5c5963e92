import type { ImgHTMLAttributes } from "react";
import type { Picture } from "~/domain/content";

/** What a slot showed before the studio stored alt texts and sizes: used for images stored without them. */
type Fallback = { alt: string; width: number; height: number };

/** A content image with its stored alt text and real pixel size, so the page never shifts as it loads. */
export function ContentImage({ picture, fallback, ...attributes }: { picture: Picture; fallback: Fallback } & ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <img
      {...attributes}
      src={picture.url}
      alt={picture.alt ?? fallback.alt}
      width={picture.width ?? fallback.width}
      height={picture.height ?? fallback.height}
    />
  );
}
