import { NICKNAME_MAX } from "@gallery/schema";
import { TextField } from "@gallery/ui";

const TERMS = `By using the gallery you agree to list only chatbots you created, to describe content honestly (mark mature content as NSFW), to respect other creators, and not to post links, spam or illegal material. Listings that break these rules may be removed and accounts suspended.`;
const PRIVACY = `We store your e-mail address, your public profile and your listings. Your e-mail is never shown to visitors. Images you upload are stored with our storage provider. You can ask us to delete your account and everything in it at any time.`;

/**
 * The spec's disabled 'Email Registration (Coming Soon)' block: a preview of the fuller sign-up
 * (nickname, date of birth, agreements). Members must be 13 or older; under 18 they get restricted
 * mature content.
 */
export function EmailRegistrationPreview() {
  return (
    <fieldset disabled aria-disabled="true" className="space-y-3 rounded-lg border border-dashed p-4 opacity-70">
      <legend className="px-1 text-sm font-semibold">Email Registration (Coming Soon)</legend>
      <TextField id="reg-email" label="Email" className="space-y-1" type="email" placeholder="you@example.com" />
      <TextField
        id="reg-nickname"
        label="Nickname"
        className="space-y-1"
        maxLength={NICKNAME_MAX}
        placeholder={`Up to ${NICKNAME_MAX} characters`}
      />
      <TextField id="reg-dob" label="Date of birth" className="space-y-1" type="date" />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" /> I confirm I am 13 years or older (members under 18 get restricted
        mature content).
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" /> I accept the Terms of Service
      </label>
      {/* The whole text, not a scroll box: short enough, and nothing to reach by keyboard in a disabled preview. */}
      <p className="rounded border bg-muted p-2 text-xs text-muted-foreground">{TERMS}</p>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" /> I accept the Privacy Policy
      </label>
      <p className="rounded border bg-muted p-2 text-xs text-muted-foreground">{PRIVACY}</p>
    </fieldset>
  );
}
