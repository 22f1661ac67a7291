import { MAX_PASSWORD, MIN_PASSWORD } from "#common/desk/password-rules.ts";
import { Field, inputClass } from "./desk-ui";

/** A new password, typed twice, with the account's address for password managers to file it under. */
export function NewPasswordFields({ email }: { email: string }) {
  return (
    <>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field id="password" label="New password" hint={`At least ${MIN_PASSWORD} characters.`}>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD}
          maxLength={MAX_PASSWORD}
          aria-describedby="password-hint"
          className={inputClass}
        />
      </Field>
      <Field id="confirm" label="New password again">
        <input
          id="confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          maxLength={MAX_PASSWORD}
          className={inputClass}
        />
      </Field>
    </>
  );
}
