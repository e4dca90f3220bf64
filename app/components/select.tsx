/** A <select> with the same looks as the text inputs (field.tsx), so a form's controls line up. */
import type { SelectHTMLAttributes } from "react";
import { inputClass, type InputLook } from "./field";

export function Select({ look, className, ...rest }: { look?: InputLook; className?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "className">) {
  return <select className={inputClass(look, className)} {...rest} />;
}
