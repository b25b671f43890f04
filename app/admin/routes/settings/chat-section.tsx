import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import {
  chatChannelInput,
  chatServiceHints,
  chatServiceLabels,
  chatServices,
  type ChatService,
  type ChatSettings,
} from "../../../../contract/chat-channel.ts";
import { Field } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import { chatSettingsQuery, sendChatTestMutation, updateChatSettingsMutation } from "../../api/chat-settings.ts";
import { apiErrorOf } from "../../api/request.ts";
import { focusRing } from "../../components/admin-classes.ts";
import { formatDateTime } from "../../components/lead-format.ts";
import { useIsOwner } from "../../components/owner-only.tsx";

// Settings, "Chat" (issue 36, point 2): the Slack, Microsoft Teams or Google Chat channel each new lead is
// posted to. The owner picks the service, pastes its incoming-webhook address (where to find it is said
// under the field), saves, sends a test message and can turn it off; the address is never shown again, only
// its origin and last characters. Members read the state. react-hook-form over the contract's own rule
// (contract/chat-channel.ts); the API's refusals are shown at their field.

const formSchema = chatChannelInput();

/** Where the channel stands, in a sentence. */
function stateText(settings: ChatSettings): string {
  if (!settings.kind || !settings.url) return "Off: new leads are not posted to a chat.";
  return `New leads are posted to ${chatServiceLabels[settings.kind]} at ${settings.url}.`;
}

export function ChatSection() {
  const settings = useQuery(chatSettingsQuery);
  const titleId = useId();
  const canEdit = useIsOwner();
  return (
    <section id="chat-channel" aria-labelledby={titleId} className="mt-12 scroll-mt-4 border-t border-slate-200 pt-8">
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        Chat
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Each new lead is also posted as one message to a Slack, Microsoft Teams or Google Chat channel: the name, what
        they asked for, the form, when to reply and a link to the lead.
      </p>
      {settings.isLoading ? (
        <p className="mt-4 text-slate-700" role="status">
          Loading...
        </p>
      ) : !settings.data ? (
        <p className="mt-4 text-red-700" role="alert">
          The chat settings could not be loaded. Please reload the page.
        </p>
      ) : (
        <>
          <p data-testid="chat-state" className="mt-4 max-w-2xl break-words font-medium text-slate-900">
            {stateText(settings.data)}
          </p>
          {settings.data.updatedAt && (
            <p className="mt-1 text-sm text-slate-700">Changed {formatDateTime(settings.data.updatedAt)}.</p>
          )}
          {canEdit ? (
            <>
              {/* Keyed by what is stored: the form starts again from it after a save. */}
              <ChatForm key={JSON.stringify(settings.data)} settings={settings.data} />
              {/* Keyed by the address: a new one starts without the last one's test result. */}
              {settings.data.configured && <ChatTestAndOff key={settings.data.url} />}
            </>
          ) : (
            <p className="mt-3 text-sm text-slate-700">Only an owner can change the chat channel.</p>
          )}
        </>
      )}
    </section>
  );
}

function ChatForm({ settings }: { settings: ChatSettings }) {
  const id = useId();
  const update = useMutation(updateChatSettingsMutation);
  const form = useContractForm(formSchema, { kind: settings.kind ?? undefined, url: "" });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;
  const chosen = form.watch("kind") as ChatService | null | undefined;
  const serviceError = errors.kind?.message;
  const urlError = errors.url?.message;
  const urlId = `${id}-url`;

  const onSubmit = form.handleSubmit((input) => {
    if (update.isPending) return;
    setFailure(null);
    update.mutate(input, {
      onSuccess: (saved) =>
        toast({
          title: "Chat channel saved",
          description: `New leads are posted to ${chatServiceLabels[saved.kind!]}.`,
        }),
      onError: (error) => {
        // The server's reasons (the same rules) under their fields.
        const body = apiErrorOf(error);
        let placed = false;
        for (const field of ["kind", "url"] as const) {
          const message = body?.errors?.[field];
          if (!message) continue;
          form.setError(field, { message }, { shouldFocus: !placed });
          placed = true;
        }
        setFailure(placed ? null : (body?.message ?? "The chat channel could not be saved. Please try again."));
      },
    });
  });

  return (
    // Not awaited: the mutation reports its own failure.
    <form className="mt-4 max-w-2xl space-y-5" noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset>
        <legend className="font-semibold text-slate-900">Service</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {chatServices.map((service) => (
            <label key={service} className="flex min-h-11 items-center gap-2 text-slate-900">
              <input
                type="radio"
                value={service}
                className={cn("h-5 w-5 accent-brand-700", focusRing)}
                aria-invalid={serviceError ? true : undefined}
                aria-describedby={serviceError ? `${id}-service-error` : undefined}
                {...form.register("kind")}
              />
              {chatServiceLabels[service]}
            </label>
          ))}
        </div>
        {serviceError && (
          <p id={`${id}-service-error`} className="mt-1 text-sm text-red-700">
            {serviceError}
          </p>
        )}
      </fieldset>

      <Field id={urlId} label="Incoming webhook address" error={urlError}>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://…"
          aria-invalid={urlError ? true : undefined}
          aria-describedby={cn(`${urlId}-hint`, urlError && `${urlId}-error`)}
          {...form.register("url")}
        />
        <p id={`${urlId}-hint`} className="text-sm text-slate-700">
          {chosen ? chatServiceHints[chosen] : "Choose the service first: where to find its address is said here."}
          {settings.configured &&
            " The address in use is not shown again: paste it (or a new one) to change the channel."}
        </p>
      </Field>

      {failure && (
        <p role="alert" className="text-red-800">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save chat channel"}
      </Button>
    </form>
  );
}

/** The test message (its result in a live region) and turning the channel off. */
function ChatTestAndOff() {
  const test = useMutation(sendChatTestMutation);
  const off = useMutation(updateChatSettingsMutation);
  const resultId = useId();
  const failure = test.isError
    ? (apiErrorOf(test.error)?.message ?? "The test message could not be sent. Please try again.")
    : null;
  return (
    <div className="mt-6 max-w-2xl">
      <div className="flex flex-wrap gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={test.isPending}
          aria-describedby={resultId}
          onClick={() => test.mutate()}
        >
          {test.isPending ? "Sending test message..." : "Send a test message"}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={off.isPending}
          onClick={() =>
            off.mutate(
              { kind: null },
              {
                onSuccess: () =>
                  toast({ title: "Chat channel turned off", description: "New leads are not posted to a chat." }),
                onError: (error) =>
                  toast({
                    variant: "destructive",
                    title: "Not changed",
                    description: apiErrorOf(error)?.message ?? "Please try again.",
                  }),
              },
            )
          }
        >
          {off.isPending ? "Turning off..." : "Turn off"}
        </Button>
      </div>
      <p
        id={resultId}
        aria-live="polite"
        className={cn("mt-2 break-words text-sm", failure ? "font-medium text-red-700" : "text-slate-800")}
      >
        {test.isPending
          ? "Sending..."
          : (failure ?? (test.isSuccess ? "Test message sent: it should be in the channel now." : ""))}
      </p>
    </div>
  );
}
