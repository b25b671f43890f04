import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, Navigate } from "react-router";
import { z } from "zod";
import { invitationAccept } from "../../../../contract/team.ts";
import { Field, fieldA11y } from "../../../components/forms/form-parts.tsx";
import { useContractForm } from "../../../components/forms/use-contract-form.ts";
import { Button } from "../../../components/ui/button.tsx";
import { siteConfig } from "../../../config/site.ts";
import { toast } from "../../../hooks/use-toast.ts";
import { acceptInvitationMutation, invitationLookup } from "../../api/account-links.ts";
import { apiErrorOf } from "../../api/request.ts";
import { Loading, usePageTitle } from "../../components/admin-shell.tsx";
import { linkClass } from "../../components/admin-classes.ts";
import { startSession, useSession } from "../../session.ts";
import { LinkPageFrame } from "./link-page-frame.tsx";
import { useLinkToken } from "./link-token.ts";

// The page behind an invitation's link (/admin/invitation#<token>, issue 23; the token after the # since
// issue 32): choose a password (the admin's rule) and be signed in; a link that was used, withdrawn or has
// expired says so and what to do.

const acceptForm = invitationAccept
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    error: "The passwords do not match",
    path: ["confirmPassword"],
  });
const inputClass = "w-full rounded-md border border-slate-400 px-3 py-2 aria-invalid:border-red-700";
const minLength = invitationAccept.shape.password.minLength ?? undefined;

const deadEnds = {
  accepted: {
    title: "This invitation has been used",
    text: "It works once. If it was you, sign in with your e-mail address and password.",
  },
  revoked: { title: "This invitation was withdrawn", text: "Ask the owner who invited you to send a new one." },
  expired: {
    title: "This invitation has expired",
    text: "Invitations work for 7 days. Ask the owner who invited you to send a new one.",
  },
  unknown: {
    title: "This invitation link is not valid",
    text: "Check that the whole link was copied, or ask the owner to send a new one.",
  },
  missing: {
    title: "Open the link from your e-mail",
    text: "This page needs the whole link from the invitation e-mail. Open it again from there, or ask the owner to send a new one.",
  },
} as const;

export function InvitationPage() {
  usePageTitle("Join the team | Admin");
  const token = useLinkToken();
  const session = useSession();
  const lookup = useQuery({ ...invitationLookup(token), enabled: token !== "" });
  if (session.authenticated) return <Navigate to="/admin/submissions" replace />;
  if (lookup.isLoading) return <Loading />;
  const state = token === "" ? "missing" : (lookup.data?.state ?? "unknown");
  if (lookup.data?.state !== "pending") {
    const end = deadEnds[state as keyof typeof deadEnds];
    return (
      <LinkPageFrame title={end.title}>
        <p>{end.text}</p>
        <p>
          <Link to="/admin/login" className={linkClass}>
            Go to sign in
          </Link>
        </p>
      </LinkPageFrame>
    );
  }
  return <AcceptForm key={token} token={token} invitation={lookup.data} />;
}

function AcceptForm({
  token,
  invitation,
}: {
  token: string;
  invitation: { email: string; role: string; name: string | null };
}) {
  const client = useQueryClient();
  const accept = useMutation(acceptInvitationMutation);
  const form = useContractForm(acceptForm, { name: invitation.name ?? "", password: "", confirmPassword: "" });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ name, password }) =>
    accept.mutate(
      { token, password, ...(name ? { name } : {}) },
      {
        onSuccess: (status) => {
          toast({ title: "Welcome!", description: "Your account is ready." });
          startSession(client, status);
        },
        onError: (error) => {
          // The server's reasons go under their fields (a password too easy to guess); anything else is a toast.
          const body = apiErrorOf(error);
          const fields = (["name", "password"] as const).filter((field) => body?.errors?.[field]);
          for (const field of fields)
            form.setError(field, { message: body?.errors?.[field] }, { shouldFocus: field === fields[0] });
          if (fields.length === 0)
            toast({ variant: "destructive", title: "Not joined", description: body?.message ?? "Please try again." });
        },
      },
    ),
  );
  return (
    <LinkPageFrame title={`Join ${siteConfig.companyName}`}>
      <p>
        You are invited as {invitation.role === "owner" ? "an owner" : "a member"} with{" "}
        <strong className="break-all">{invitation.email}</strong>. Choose a password to finish.
      </p>
      <form className="space-y-4" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field id="join-name" label="Your name" error={errors.name?.message}>
          <input
            {...fieldA11y("join-name", errors.name?.message)}
            {...form.register("name")}
            autoComplete="name"
            className={inputClass}
          />
        </Field>
        <Field
          id="join-password"
          label={`Password (at least ${minLength ?? 12} characters)`}
          error={errors.password?.message}
        >
          <input
            {...fieldA11y("join-password", errors.password?.message)}
            {...form.register("password")}
            type="password"
            autoComplete="new-password"
            className={inputClass}
          />
        </Field>
        <Field id="join-confirm" label="Repeat the password" error={errors.confirmPassword?.message}>
          <input
            {...fieldA11y("join-confirm", errors.confirmPassword?.message)}
            {...form.register("confirmPassword")}
            type="password"
            autoComplete="new-password"
            className={inputClass}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={accept.isPending}>
          {accept.isPending ? "Joining..." : "Join the team"}
        </Button>
      </form>
    </LinkPageFrame>
  );
}
