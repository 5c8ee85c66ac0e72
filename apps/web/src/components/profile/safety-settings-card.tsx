import {
  AGE_MESSAGES,
  BLOCKED_TAGS_MAX,
  NSFW_DISPLAY_LABELS,
  NSFW_DISPLAYS,
  type NsfwDisplayOption,
  parseTags,
  type SafetySettings,
  safetySettingsSchema,
} from "@gallery/schema";
import { Button, Card, CardContent, CardHeader, CardTitle, cn, FieldError, Label, Textarea } from "@gallery/ui";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { serverMessage } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";
import { useToastMutation } from "../../lib/use-toast-mutation";
import { QueryContent } from "../common/load-failed";
import { AgeQuestion } from "../members/age-question";

const HINTS: Record<NsfwDisplayOption, string> = {
  show: "NSFW images as they are (default)",
  blur: "Blurred until you click to reveal",
  hide: "No NSFW listings, whatever the content filter says",
};
const FAILURE = "Failed to save your safety settings";

/**
 * Safety settings (issue 13), saved on the server and enforced there: a tag blocklist (listings carrying any
 * of these tags never reach you, in any list) and how NSFW images are shown (Show, Blur, Hide).
 */
export function SafetySettingsCard() {
  const trpc = useTRPC();
  const saved = useQuery(trpc.settings.safety.queryOptions());
  const [tagsText, setTagsText] = useState("");
  // The member's pick in this form; untouched, the radios show what takes effect (the server's word: an age not yet
  // answered blurs what Show would show) and saving keeps their saved choice.
  const [chosen, setChosen] = useState<NsfwDisplayOption | null>(null);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (!saved.data) return;
    setTagsText(saved.data.blockedTags.join(", "));
    setChosen(null);
  }, [saved.data]);
  const display = chosen ?? saved.data?.nsfwDisplayInEffect ?? "show";

  const save = useToastMutation(trpc.settings.updateSafety.mutationOptions(), {
    success: "Safety settings saved",
    failure: (failed) => serverMessage(failed) ?? FAILURE,
    // Every list (and a listing's page) may show something else now.
    invalidate: [
      trpc.settings.pathFilter(),
      trpc.chatbots.pathFilter(),
      trpc.favorites.pathFilter(),
      trpc.follows.pathFilter(),
    ],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nsfwDisplay = chosen ?? saved.data?.nsfwDisplay ?? display;
    const input = safetySettingsSchema.safeParse({ blockedTags: parseTags(tagsText), nsfwDisplay });
    setError(input.success ? undefined : input.error.issues[0]?.message);
    if (input.success) save.mutate(input.data);
  };
  // What takes effect as chosen at the member's age (the server decides: under 18 Hide alone, unanswered no Show).
  const choices = saved.data?.nsfwDisplayChoices ?? NSFW_DISPLAYS;
  const count = new Set(parseTags(tagsText).map((tag) => tag.toLowerCase())).size;

  return (
    // The browse page's content select and the Saved page's "Change settings" link here (#safety-settings).
    <Card id="safety-settings" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Safety Settings</CardTitle>
      </CardHeader>
      <CardContent>
        {/* Not read: no form (saving its defaults would wipe the member's real settings). */}
        <QueryContent query={saved} what="Your safety settings">
          <form onSubmit={submit} noValidate className="space-y-5" aria-label="Safety settings">
            <div className="space-y-2">
              <Label htmlFor="blocked-tags">Blocked tags</Label>
              <Textarea
                id="blocked-tags"
                rows={3}
                placeholder="e.g. gore, horror"
                value={tagsText}
                onChange={(event) => setTagsText(event.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby="blocked-tags-hint"
                disabled={saved.isPending || save.isPending}
              />
              <p id="blocked-tags-hint" className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
                <span>Comma separated, any case. Listings with any of these tags are hidden everywhere.</span>
                <span className={count > BLOCKED_TAGS_MAX ? "text-destructive" : undefined}>
                  {count}/{BLOCKED_TAGS_MAX} tags
                </span>
              </p>
              <FieldError message={error} />
            </div>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">NSFW images</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {NSFW_DISPLAYS.map((option) => (
                  <label
                    key={option}
                    className={cn(
                      "flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-muted",
                      "has-[:checked]:border-primary has-[:checked]:bg-primary/5",
                    )}
                  >
                    <input
                      type="radio"
                      name="nsfw-display"
                      value={option}
                      checked={display === option}
                      onChange={() => setChosen(option)}
                      disabled={saved.isPending || save.isPending || !choices.includes(option)}
                      className="size-4 accent-primary"
                      aria-describedby={`nsfw-display-${option}-hint`}
                    />
                    <span>
                      <span className="block text-sm font-semibold">{NSFW_DISPLAY_LABELS[option]}</span>
                      <span id={`nsfw-display-${option}-hint`} className="block text-xs text-muted-foreground">
                        {HINTS[option]}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              {saved.data?.ageCheck === "unanswered" && (
                <p className="text-xs text-muted-foreground">{AGE_MESSAGES.unansweredBlur}</p>
              )}
            </fieldset>
            <Button type="submit" disabled={saved.isPending || save.isPending}>
              {save.isPending ? "Saving..." : "Save Settings"}
            </Button>
          </form>
          <AgeSection ageCheck={saved.data?.ageCheck} />
        </QueryContent>
      </CardContent>
    </Card>
  );
}

/** The age question in the settings: asked here at any time; an adult may correct it, a minor's answer stays. */
function AgeSection({ ageCheck }: { ageCheck: SafetySettings["ageCheck"] | undefined }) {
  if (!ageCheck) return null;
  return (
    <section aria-labelledby="age-heading" className="mt-6 space-y-3 border-t pt-5">
      <h3 id="age-heading" className="text-sm font-medium">
        Age
      </h3>
      {ageCheck === "unanswered" && (
        <>
          <p className="text-sm">{AGE_MESSAGES.question}</p>
          <AgeQuestion />
        </>
      )}
      {ageCheck === "adult" && (
        <details className="text-sm">
          <summary className="cursor-pointer">You confirmed you are 18 or older. Correct your date of birth</summary>
          <div className="pt-3">
            <AgeQuestion />
          </div>
        </details>
      )}
      {ageCheck === "minor" && (
        <p role="status" className="text-sm">
          {AGE_MESSAGES.minorResult}
        </p>
      )}
    </section>
  );
}
