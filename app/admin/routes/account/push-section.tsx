import { useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { DEVICE_NAME_MAX, type PushDevice } from "../../../../contract/push-subscriptions.ts";
import { toast } from "../../../hooks/use-toast.ts";
import { cn } from "../../../lib/utils.ts";
import {
  pushDevicesQuery,
  removePushDeviceMutation,
  thisBrowserSubscribedQuery,
  turnOffPushMutation,
  turnOnPushMutation,
} from "../../api/push-subscriptions.ts";
import { apiErrorOf } from "../../api/request.ts";
import { Loading } from "../../components/admin-shell.tsx";
import { focusRing, smallButtonClass } from "../../components/admin-classes.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { formatDateTime } from "../../components/lead-format.ts";
import {
  askNotificationPermission,
  detectPushSupport,
  notificationsBlocked,
  PushDeviceError,
  pushStatusMessage,
  thisDeviceId,
  type PushStatus,
} from "../../push-device.ts";

// Account, "Notifications on this device" (issue 36, point 1): a switch that subscribes this browser to the
// server's pushes (a notification for each new lead and due follow-up, the admin open or not), the name the
// device is listed under, and the user's devices, each removable. Every state is said in words: a browser
// that cannot, a permission blocked, the browser's or the API's refusal.

/** A failure in words: the API's message, or the browser's part (push-device.ts) as it was put. */
function failureStatus(error: unknown): PushStatus {
  if (error instanceof PushDeviceError) {
    return error.kind === "failed" ? { kind: "failed", message: error.message } : { kind: error.kind };
  }
  const body = apiErrorOf(error);
  const message = body?.errors?.deviceName ?? body?.message;
  return { kind: "failed", message: message ?? "Notifications could not be changed. Please try again." };
}

export function PushSection() {
  const id = useId();
  const titleId = `${id}-title`;
  const [support] = useState(detectPushSupport);
  const devices = useQuery(pushDevicesQuery);
  const subscribed = useQuery({ ...thisBrowserSubscribedQuery, enabled: support === "supported" });
  const turnOn = useMutation(turnOnPushMutation);
  const turnOff = useMutation(turnOffPushMutation);
  const [deviceName, setDeviceName] = useState("");
  const [failure, setFailure] = useState<PushStatus | null>(null);

  const ownId = thisDeviceId();
  const rows = devices.data?.devices ?? [];
  // On: the browser holds a subscription and the server lists it as this user's (a row removed elsewhere, or
  // another user's sign-in on this browser, leaves the switch off: turning it on stores it again).
  const on = subscribed.data === true && ownId !== null && rows.some((device) => device.id === ownId);
  const pending = turnOn.isPending || turnOff.isPending;

  const status: PushStatus =
    support !== "supported"
      ? { kind: support }
      : turnOn.isPending
        ? { kind: "turning-on" }
        : turnOff.isPending
          ? { kind: "turning-off" }
          : (failure ?? (notificationsBlocked() ? { kind: "denied" } : { kind: on ? "on" : "off" }));
  const message = pushStatusMessage(status);

  function toggle() {
    setFailure(null);
    if (on) {
      turnOff.mutate(undefined, { onError: (error) => setFailure(failureStatus(error)) });
      return;
    }
    // Asked here, in the click's own handler: some browsers ask only during the user's gesture.
    const permission = askNotificationPermission();
    const name = deviceName.trim();
    turnOn.mutate(
      { permission, deviceName: name || undefined },
      {
        onSuccess: (device) => {
          setDeviceName("");
          toast({ title: "Notifications on", description: `${device.deviceName} will be notified.` });
        },
        onError: (error) => setFailure(failureStatus(error)),
      },
    );
  }

  const switchId = `${id}-switch`;
  const nameId = `${id}-name`;
  return (
    <section className="mt-12 border-t border-slate-200 pt-8" aria-labelledby={titleId} id="push-notifications">
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        Notifications on this device
      </h2>
      <p id={`${id}-hint`} className="mt-1 max-w-2xl text-sm text-slate-700">
        A notification on this device for each new lead and each follow-up that falls due, even while the admin is
        closed. Your quiet hours hold them.
      </p>
      {support === "supported" && !on && (
        <div className="mt-4 max-w-sm space-y-1">
          <label htmlFor={nameId} className="block font-medium text-slate-900">
            Device name (optional)
          </label>
          <input
            id={nameId}
            value={deviceName}
            maxLength={DEVICE_NAME_MAX}
            disabled={pending}
            onChange={(event) => setDeviceName(event.target.value)}
            aria-describedby={`${nameId}-hint`}
            placeholder="e.g. Work phone"
            autoComplete="off"
            className={cn("w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900", focusRing)}
          />
          <p id={`${nameId}-hint`} className="text-sm text-slate-700">
            Its name in Your devices, below. Left empty, it is named after its browser and system (such as Chrome on
            Android).
          </p>
        </div>
      )}
      <div className="mt-4 flex items-center gap-3">
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={turnOn.isPending || (on && !turnOff.isPending)}
          disabled={support !== "supported" || pending || subscribed.isLoading || devices.isLoading}
          aria-describedby={`${id}-hint ${id}-status`}
          onChange={toggle}
          className={cn("h-5 w-5 shrink-0 accent-brand-700", focusRing)}
        />
        <label htmlFor={switchId} className="font-medium text-slate-900">
          Notify this device
        </label>
      </div>
      <p
        id={`${id}-status`}
        aria-live="polite"
        className={cn("mt-2 max-w-2xl text-sm", message.problem ? "font-medium text-red-700" : "text-slate-800")}
      >
        {message.text}
      </p>
      <YourDevices devices={rows} loading={devices.isLoading} failed={devices.isError} ownId={ownId} />
    </section>
  );
}

function YourDevices({
  devices,
  loading,
  failed,
  ownId,
}: {
  devices: PushDevice[];
  loading: boolean;
  failed: boolean;
  ownId: string | null;
}) {
  const titleId = useId();
  const remove = useMutation(removePushDeviceMutation);
  const [removing, setRemoving] = useState<PushDevice | null>(null);
  return (
    <div className="mt-8">
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        Your devices
      </h3>
      {loading ? (
        <Loading />
      ) : failed ? (
        <p role="alert" className="mt-2 text-red-800">
          Your devices could not be loaded.
        </p>
      ) : devices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No device of yours is notified.</p>
      ) : (
        <ul
          className="mt-3 max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-labelledby={titleId}
        >
          {devices.map((device) => (
            <li key={device.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-words font-semibold text-slate-900">
                  {device.deviceName}
                  {device.id === ownId && <span className="font-normal text-slate-700"> (this device)</span>}
                </p>
                <p className="break-words text-sm text-slate-700">
                  Added {formatDateTime(device.createdAt)} · through {device.service}
                </p>
              </div>
              <button type="button" className={smallButtonClass} onClick={() => setRemoving(device)}>
                Remove<span className="sr-only"> {device.deviceName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this device?"
        confirmLabel="Remove device"
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: "Device removed", description: `${removing.deviceName} is no longer notified.` });
              setRemoving(null);
            },
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Not removed",
                description: apiErrorOf(error)?.message ?? "The device could not be removed. Please try again.",
              }),
          })
        }
      >
        {removing?.deviceName} will no longer be notified of new leads and follow-ups.
      </ConfirmDialog>
    </div>
  );
}
