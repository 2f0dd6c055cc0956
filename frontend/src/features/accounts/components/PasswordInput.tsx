import { useState, type InputHTMLAttributes } from "react";
import { Input } from "../../../components/ui/Field";
import { it } from "../../../i18n/it";

/** A password field with a show/hide button. */
export function PasswordInput(props: InputHTMLAttributes<HTMLInputElement>) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={shown ? "text" : "password"} className="pr-24" />
      <button
        type="button"
        onClick={() => setShown((s) => !s)}
        aria-label={shown ? it.accounts.reset.hide : it.accounts.reset.show}
        aria-pressed={shown}
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 rounded-r-lg px-3 text-xs font-semibold text-brand-800 hover:bg-stone-100"
      >
        {shown ? it.accounts.reset.hide.split(" ")[0] : it.accounts.reset.show.split(" ")[0]}
      </button>
    </div>
  );
}
