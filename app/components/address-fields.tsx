interface AddressFieldsProps {
  /** The form's id, which the fields' ids start with. */
  id: string;
  label: string;
  button: string;
  /** The address just refused, given back to be corrected, and why. */
  email?: string | undefined;
  error?: string | undefined;
}

/**
 * The fields every form that takes an email address shares (the newsletter's and the follow form):
 * a honeypot hidden from people and from assistive technology, the address with its label, the
 * button, and a refusal shown by the field.
 */
export function AddressFields({ id, label, button, email, error }: AddressFieldsProps) {
  return (
    <>
      {/* The honeypot: hidden from people (and from assistive technology), filled only by robots. */}
      <div className="sr-only" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Leave empty</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <label htmlFor={`${id}-email`}>{label}</label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="name@company.com"
          defaultValue={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit">{button}</button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
