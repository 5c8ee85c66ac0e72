import { DESCRIPTION_MAX, IMAGE_FOCUS_DEFAULT, TAGLINE_MAX } from "@gallery/schema/constants";
import { LISTING_FIELDS, type ListingFieldName } from "@gallery/schema/listing-fields";
import { PLATFORM_FIELDS, perPlatformField, platformLabels, platformNames } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  type DialogOpenProps,
  DialogTitle,
  SelectField,
  TextAreaField,
  TextField,
} from "@gallery/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { Fragment, type ReactNode, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { CardImport, type ImportedCard } from "./card-import";
import type { Focus } from "./focus-picker";
import { FormSection } from "./form-section";
import {
  type ChatbotFormInput,
  type ChatbotFormValues,
  chatbotFormSchema,
  initialValues,
  toFormData,
} from "./form-values";
import { ImageField } from "./image-field";
import { RatingField } from "./rating-field";
import { type ChatbotFormVariant, useSaveChatbot } from "./use-save-chatbot";

export interface ChatbotFormDialogProps extends DialogOpenProps {
  /** "owner": 'Add New Chatbot' / 'Edit Chatbot' of the dashboard; "admin": the admin panel's 'Edit Chatbot'. */
  variant?: ChatbotFormVariant;
  /** The listing to edit; without one (owner only) the dialog creates a new listing. */
  chatbot?: Chatbot | null;
}

/** The words of each dialog (spec section 2): the fields and rules are the same. */
const WORDS = {
  owner: {
    title: (
      <>
        Title <span className="text-destructive">*</span>
      </>
    ),
    titleRequired: "Title is required",
    tagline: "Tagline",
    description: "Description",
    tags: "Tags",
    storySeries: "Story Series",
    ...perPlatformField(({ platform, part }) => platformLabels(platform)[part === "cid" ? "id" : "url"]),
  },
  admin: {
    title: "Name*",
    titleRequired: "Name is required",
    tagline: "Tagline",
    description: "Description",
    tags: "Tags (comma separated)",
    storySeries: "Series",
    ...perPlatformField(({ platform, part }) => platformLabels(platform)[part]),
  },
} satisfies Record<ChatbotFormVariant, Record<string, ReactNode>>;

const NEEDS_IMAGE = "Please choose an image for your chatbot.";

/**
 * The one chatbot form, in a dialog, for owners (create and edit) and admins (edit any listing).
 * It cannot be closed while a save is in flight.
 */
export function ChatbotFormDialog({ variant = "owner", open, onOpenChange, chatbot }: ChatbotFormDialogProps) {
  const [saving, setSaving] = useState(false);
  const editing = Boolean(chatbot);
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent preventClose={saving} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Chatbot" : "Add New Chatbot"}</DialogTitle>
          <DialogDescription>
            {variant === "admin"
              ? "Change any listing's details or image."
              : editing
                ? "Update your chatbot's details."
                : `List a chatbot you made on ${platformNames("disjunction")}.`}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so every opening starts from the listing's stored values. */}
        {open && (
          <ChatbotForm
            variant={variant}
            chatbot={chatbot ?? null}
            onPendingChange={setSaving}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface FormProps {
  variant: ChatbotFormVariant;
  chatbot: Chatbot | null;
  onPendingChange: (pending: boolean) => void;
  onDone: () => void;
}

function ChatbotForm({ variant, chatbot, onPendingChange, onDone }: FormProps) {
  const editing = Boolean(chatbot);
  const words = WORDS[variant];
  const form = useForm<ChatbotFormInput, unknown, ChatbotFormValues>({
    resolver: zodResolver(chatbotFormSchema),
    defaultValues: initialValues(chatbot),
    // Quiet until the first submit; from then on each change checks again (a message goes once fixed).
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const [image, setImage] = useState<File | null>(null);
  // The listing's focal point, or none until the creator picks one (the server keeps its default then).
  const [focus, setFocus] = useState<Focus | null>(chatbot ? { x: chatbot.imageFocusX, y: chatbot.imageFocusY } : null);
  const [imageError, setImageError] = useState<string>();
  const save = useSaveChatbot(variant, editing);
  const errors = form.formState.errors;
  const pending = save.isPending;
  // The image is required only when creating; an edit keeps the current one unless replaced.
  const missingImage = () => {
    const missing = !editing && !image;
    if (missing) setImageError(NEEDS_IMAGE);
    return missing;
  };

  // A character card fills the fields it has (the creator checks them before saving) and its art the image.
  const prefill = ({ fields, picture }: ImportedCard) => {
    const set = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue("title", fields.title, set);
    form.setValue("tagline", fields.tagline ?? "", set);
    form.setValue("description", fields.description ?? "", set);
    form.setValue("tags", fields.tags.join(", "), set);
    if (picture) {
      setImage(picture);
      setImageError(undefined);
    }
  };

  const submit = form.handleSubmit(
    (values) => {
      if (missingImage()) return;
      onPendingChange(true);
      save.mutate(toFormData(values, image, chatbot?.id, focus), {
        onSuccess: onDone,
        onSettled: () => onPendingChange(false),
      });
    },
    () => void missingImage(),
  );

  const field = (
    // The declared listing fields are selects (listingFields below).
    name: Exclude<keyof ChatbotFormInput, "nsfw" | ListingFieldName>,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={`chatbot-${name}`}
      label={words[name]}
      // The admin dialog calls the title 'Name' (spec section 2).
      error={name === "title" && errors.title?.type === "too_small" ? words.titleRequired : errors[name]?.message}
      {...extra}
      {...form.register(name)}
    />
  );
  const url = { type: "url", placeholder: "https://" } as const;
  // Each platform's identifier and URL, side by side.
  const platformFields = () =>
    PLATFORM_FIELDS.map(({ name, part }) => <Fragment key={name}>{field(name, part === "url" ? url : {})}</Fragment>);
  // The declared listing fields (listing-fields.ts): a select each, with "Not set" for none.
  const listingFields = () =>
    LISTING_FIELDS.map((declared) => {
      const name = declared.name as ListingFieldName;
      return (
        <SelectField
          key={name}
          id={`chatbot-${name}`}
          label={declared.label}
          error={(errors as Partial<Record<string, { message?: string }>>)[name]?.message}
          {...form.register(name)}
        >
          <option value="">Not set</option>
          {declared.values.map((value) => (
            <option key={value} value={value}>
              {declared.choices[value]}
            </option>
          ))}
        </SelectField>
      );
    });
  const tagline = () =>
    field("tagline", {
      placeholder: "One line shown under the title",
      hint: `Optional · up to ${TAGLINE_MAX} characters`,
      maxLength: TAGLINE_MAX,
    });
  const description = () => (
    <TextAreaField
      id="chatbot-description"
      label={words.description}
      rows={5}
      maxLength={DESCRIPTION_MAX}
      placeholder="Optional: who your chatbot is, in plain text"
      hint={`Shown on the chatbot's page · up to ${DESCRIPTION_MAX} characters`}
      error={errors.description?.message}
      {...form.register("description")}
    />
  );
  const imageField = (label: ReactNode, accept: string, hint?: string) => (
    <ImageField
      label={label}
      accept={accept}
      hint={hint}
      currentUrl={chatbot?.thumbnailUrl ?? chatbot?.imageUrl ?? null}
      file={image}
      error={imageError}
      disabled={pending}
      focus={focus ?? IMAGE_FOCUS_DEFAULT}
      onFocusChange={setFocus}
      onChange={(file) => {
        setImage(file);
        setImageError(undefined);
      }}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {variant === "owner" ? (
        <>
          {!editing && <CardImport onImported={prefill} disabled={pending} />}
          <FormSection title="Basic Information">
            {field("title", { placeholder: "e.g. Luna the Star Guide" })}
            {tagline()}
            {description()}
            {field("tags", { placeholder: "fantasy, adventure, romance", hint: "Separate tags with commas" })}
            {field("storySeries", { placeholder: "Optional: group bots into a series" })}
            {listingFields()}
          </FormSection>
          <FormSection title="Platform Links">
            <div className="grid gap-4 sm:grid-cols-2">{platformFields()}</div>
          </FormSection>
          <FormSection title="Content & Image">
            <Controller
              control={form.control}
              name="nsfw"
              render={({ field: rating }) => (
                <RatingField value={rating.value} onChange={rating.onChange} disabled={pending} />
              )}
            />
            {imageField(
              editing ? (
                "Image (optional)"
              ) : (
                <>
                  Image <span className="text-destructive">*</span>
                </>
              ),
              "image/jpeg,image/png,image/webp",
              "JPG, PNG, WebP · 512 x 1024 recommended · max 5MB",
            )}
          </FormSection>
        </>
      ) : (
        <>
          {field("title")}
          {tagline()}
          {description()}
          {field("storySeries")}
          {listingFields()}
          {field("tags")}
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" {...form.register("nsfw")} />
            NSFW
          </label>
          {imageField("Image", "image/*")}
          <div className="grid gap-4 sm:grid-cols-2">{platformFields()}</div>
        </>
      )}
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {editing ? (pending ? "Saving..." : "Save Changes") : pending ? "Creating..." : "Create Chatbot"}
        </Button>
      </DialogFooter>
    </form>
  );
}
