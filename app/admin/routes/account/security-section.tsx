import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { PasskeyView, TotpSetup } from "../../../../contract/two-factor.ts";
import { Field, fieldA11y } from "../../../components/forms/form-parts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { toast } from "../../../hooks/use-toast.ts";
import { apiErrorOf } from "../../api/request.ts";
import {
  addPasskeyMutation,
  confirmTotpMutation,
  disableTotpMutation,
  newRecoveryCodesMutation,
  passkeysSupported,
  removePasskeyMutation,
  renamePasskeyMutation,
  startTotpMutation,
  twoFactorQuery,
} from "../../api/two-factor.ts";
import { Loading } from "../../components/admin-shell.tsx";
import { smallButtonClass } from "../../components/admin-classes.ts";
import { formatDateTime } from "../../components/lead-format.ts";
import { sessionQuery } from "../../session.ts";
import { useFreshProof } from "../../components/confirm-identity-dialog.tsx";

// A user's second factors (issue 23), on their Account page and on the setup page a team that requires one
// leads to: an authenticator app (a QR code or the key typed by hand, confirmed by a code; ten recovery
// codes shown once), and passkeys (added on this device, renamed, removed). A change asks for the password
// again when the last sign-in or confirmation is over five minutes old (issue 32, useFreshProof), then goes on.

type FreshProof = ReturnType<typeof useFreshProof>;

const inputClass = "w-full rounded-md border border-slate-400 px-3 py-2 aria-invalid:border-red-700";

function failed(error: unknown, title = "Not changed") {
  toast({ variant: "destructive", title, description: apiErrorOf(error)?.message ?? "Please try again." });
}

export function SecuritySection() {
  const client = useQueryClient();
  const status = useQuery(twoFactorQuery);
  const proof = useFreshProof();
  // A second factor added may lift the team's "set one up first": the status says so.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: twoFactorQuery.queryKey }),
      client.invalidateQueries({ queryKey: sessionQuery.queryKey }),
    ]);
  if (status.isLoading) return <Loading />;
  if (!status.data) return <p role="alert">Your sign-in settings could not be loaded.</p>;
  return (
    <div className="space-y-10">
      <AuthenticatorApp
        on={status.data.totp}
        codesLeft={status.data.recoveryCodesLeft}
        refresh={refresh}
        proof={proof}
      />
      <Passkeys passkeys={status.data.passkeys} refresh={refresh} proof={proof} />
      {proof.dialog}
    </div>
  );
}

function AuthenticatorApp({
  on,
  codesLeft,
  refresh,
  proof,
}: {
  on: boolean;
  codesLeft: number;
  refresh: () => Promise<unknown>;
  proof: FreshProof;
}) {
  const start = useMutation(startTotpMutation);
  const confirm = useMutation(confirmTotpMutation);
  const disable = useMutation(disableTotpMutation);
  const renew = useMutation(newRecoveryCodesMutation);
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const [codes, setCodes] = useState<string[] | null>(null);

  const startSetup = () =>
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) => {
        if (!proof.askFor(error, startSetup)) failed(error);
      },
    });
  const turnOn = (typed: string) =>
    confirm.mutate(typed, {
      onSuccess: ({ codes: fresh }) => {
        setCodes(fresh);
        setSetup(null);
        setCode("");
        setCodeError(undefined);
        toast({ title: "Authenticator app on", description: "Save your recovery codes now: they are shown once." });
        void refresh();
      },
      onError: (error) => {
        if (!proof.askFor(error, () => turnOn(typed)))
          setCodeError(apiErrorOf(error)?.message ?? "That code is not right.");
      },
    });
  const renewCodes = () =>
    renew.mutate(undefined, {
      onSuccess: ({ codes: fresh }) => {
        setCodes(fresh);
        void refresh();
      },
      onError: (error) => {
        if (!proof.askFor(error, renewCodes)) failed(error);
      },
    });
  const turnOff = () =>
    disable.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Authenticator app off", description: "Sign-ins ask for the password only (or a passkey)." });
        void refresh();
      },
      onError: (error) => {
        if (!proof.askFor(error, turnOff)) failed(error);
      },
    });

  return (
    <section aria-labelledby="security-app">
      <h2 id="security-app" className="text-xl font-semibold text-slate-900">
        Authenticator app
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {on
          ? `On. ${codesLeft} recovery ${codesLeft === 1 ? "code" : "codes"} left.`
          : "Off. With it on, a sign-in asks for the 6-digit code your phone's app shows."}
      </p>
      {codes && <RecoveryCodeList codes={codes} onDone={() => setCodes(null)} />}
      {!on && !setup && (
        <Button className="mt-4" type="button" disabled={start.isPending} onClick={startSetup}>
          Set up an authenticator app
        </Button>
      )}
      {!on && setup && (
        <div className="mt-4 max-w-xl space-y-4">
          <p className="text-slate-800">
            Scan this code with your authenticator app (Google Authenticator, 1Password, Authy…), or type the key.
          </p>
          {/* The server's SVG of the otpauth:// address (uqr): markup, no script. */}
          <div
            className="h-48 w-48 bg-white"
            role="img"
            aria-label="QR code for the authenticator app"
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <p className="text-sm text-slate-800">
            Key:{" "}
            <code className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <form
            className="space-y-3"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!/^\d{6}$/.test(code.trim())) {
                setCodeError("Please enter the 6-digit code.");
                return;
              }
              turnOn(code.trim());
            }}
          >
            <Field id="totp-code" label="Code from the app" error={codeError}>
              <input
                {...fieldA11y("totp-code", codeError)}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                className={inputClass}
              />
            </Field>
            <Button type="submit" disabled={confirm.isPending}>
              Turn on
            </Button>
          </form>
        </div>
      )}
      {on && (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={smallButtonClass} disabled={renew.isPending} onClick={renewCodes}>
            New recovery codes
          </button>
          <button type="button" className={smallButtonClass} disabled={disable.isPending} onClick={turnOff}>
            Turn off
          </button>
        </div>
      )}
    </section>
  );
}

function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join("\n");
  return (
    <div className="mt-4 max-w-xl rounded-md border border-amber-300 bg-amber-50 p-4" role="status">
      <h3 className="font-semibold text-slate-900">Your recovery codes</h3>
      <p className="mt-1 text-sm text-slate-800">
        Each works once, if your phone is not at hand. Keep them somewhere safe: they are not shown again.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-1 font-mono text-slate-900" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={smallButtonClass}
          onClick={() =>
            void navigator.clipboard
              .writeText(text)
              .then(() => toast({ title: "Copied", description: "The recovery codes are on the clipboard." }))
          }
        >
          Copy
        </button>
        <a
          className={smallButtonClass}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
          download="recovery-codes.txt"
        >
          Download
        </a>
        <button type="button" className={smallButtonClass} onClick={onDone}>
          I saved them
        </button>
      </div>
    </div>
  );
}

function Passkeys({
  passkeys,
  refresh,
  proof,
}: {
  passkeys: PasskeyView[];
  refresh: () => Promise<unknown>;
  proof: FreshProof;
}) {
  const add = useMutation(addPasskeyMutation);
  const rename = useMutation(renamePasskeyMutation);
  const remove = useMutation(removePasskeyMutation);
  const [name, setName] = useState("");
  const supported = passkeysSupported();

  const addOne = (typed: string) =>
    add.mutate(typed, {
      onSuccess: () => {
        toast({ title: "Passkey added", description: "You can sign in with it from now on." });
        setName("");
        void refresh();
      },
      onError: (error) => {
        if (!proof.askFor(error, () => addOne(typed))) failed(error, "No passkey added");
      },
    });
  const removeOne = (key: PasskeyView) =>
    remove.mutate(key.id, {
      onSuccess: () => {
        toast({ title: "Passkey removed", description: `${key.name} no longer signs you in.` });
        void refresh();
      },
      onError: (error) => {
        if (!proof.askFor(error, () => removeOne(key))) failed(error);
      },
    });
  return (
    <section aria-labelledby="security-passkeys">
      <h2 id="security-passkeys" className="text-xl font-semibold text-slate-900">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A passkey signs you in with this device's fingerprint, face or PIN: no password, nothing to type.
      </p>
      {passkeys.length > 0 && (
        <ul
          className="mt-4 max-w-xl divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Your passkeys"
        >
          {passkeys.map((key) => (
            <li key={key.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold text-slate-900">{key.name}</p>
                <p className="text-sm text-slate-700">
                  Added {formatDateTime(key.createdAt)} ·{" "}
                  {key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : "not used yet"}
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={smallButtonClass}
                  onClick={() => {
                    const next = window.prompt("A name for this passkey", key.name)?.trim();
                    if (next)
                      rename.mutate(
                        { id: key.id, name: next },
                        { onSuccess: () => void refresh(), onError: (error) => failed(error) },
                      );
                  }}
                >
                  Rename<span className="sr-only"> {key.name}</span>
                </button>
                <button type="button" className={smallButtonClass} onClick={() => removeOne(key)}>
                  Remove<span className="sr-only"> {key.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form
          className="mt-4 flex max-w-xl flex-col gap-2 sm:flex-row sm:items-end"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            addOne(name.trim());
          }}
        >
          <Field id="passkey-name" label="Name (optional)">
            <input
              id="passkey-name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. Work laptop"
              className={inputClass}
            />
          </Field>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? "Waiting for the device..." : "Add a passkey"}
          </Button>
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-700">This browser cannot make passkeys.</p>
      )}
    </section>
  );
}
