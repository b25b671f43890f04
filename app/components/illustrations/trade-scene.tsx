import { clsx } from "clsx";
import type { ReactNode } from "react";

// A small flat scene per trade (decorative, aria-hidden): a house on the map with our pin over it, and
// the trade's job beside it (an outdoor AC unit, a storm over the roof, a pipe and a drop; for a law firm,
// the scales and a signed retainer). Static SVG in
// the brand's colors; the words around it carry the meaning.

export type TradeSceneKind = "hvac" | "roofing" | "plumbing" | "law";

function House() {
  return (
    <g>
      <path
        d="M150 150V104l58-44 58 44v46Z"
        className="fill-white stroke-brand-900"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M136 110l72-56 72 56"
        className="fill-none stroke-brand-700"
        strokeWidth="8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="194" y="112" width="28" height="38" rx="3" className="fill-brand-700" />
      <rect x="164" y="106" width="20" height="18" rx="2" className="fill-brand-100 stroke-brand-900" strokeWidth="2" />
      <rect x="232" y="106" width="20" height="18" rx="2" className="fill-brand-100 stroke-brand-900" strokeWidth="2" />
    </g>
  );
}

function Pin() {
  return (
    <g transform="translate(196 8)">
      <path d="M12 0a12 12 0 0 1 12 12c0 9-12 22-12 22S0 21 0 12A12 12 0 0 1 12 0Z" className="fill-brand-700" />
      <circle cx="12" cy="12" r="5" className="fill-signal-400" />
    </g>
  );
}

const jobs: Record<TradeSceneKind, ReactNode> = {
  hvac: (
    <g>
      {/* An outdoor condenser with its fan, and a thermometer. */}
      <rect x="284" y="112" width="46" height="38" rx="4" className="fill-white stroke-brand-900" strokeWidth="3" />
      <circle cx="307" cy="131" r="12" className="fill-brand-50 stroke-brand-700" strokeWidth="3" />
      <path
        d="M307 131c0-7 4-10 8-9M307 131c6 3 6 8 3 11M307 131c-6 4-10 2-11-2"
        className="fill-none stroke-brand-700"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <rect x="92" y="70" width="14" height="60" rx="7" className="fill-white stroke-brand-900" strokeWidth="3" />
      <circle cx="99" cy="136" r="11" className="fill-signal-400 stroke-brand-900" strokeWidth="3" />
      <rect x="96" y="92" width="6" height="40" rx="3" className="fill-signal-400" />
      <path d="M118 80h10M118 96h10M118 112h10" className="stroke-brand-300" strokeWidth="3" strokeLinecap="round" />
    </g>
  ),
  roofing: (
    <g>
      {/* A storm cloud with hail over the roof. */}
      <path
        d="M292 66a18 18 0 0 1 34-6 14 14 0 1 1 4 28h-40a11 11 0 0 1 2-22Z"
        className="fill-white stroke-brand-900"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M300 98l-3 8M314 98l-3 8M328 98l-3 8"
        className="stroke-brand-400"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M304 110l-6 12h8l-5 12"
        className="fill-none stroke-signal-400"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M80 150V98h40v52" className="fill-brand-50 stroke-brand-300" strokeWidth="3" />
      <path
        d="M100 98V80M92 86l8-8 8 8"
        className="fill-none stroke-brand-300"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  ),
  plumbing: (
    <g>
      {/* A pipe with its valve, and the drop it stops. */}
      <path
        d="M266 138h30a10 10 0 0 0 10-10V96h26"
        className="fill-none stroke-brand-700"
        strokeWidth="10"
        strokeLinejoin="round"
      />
      <rect x="296" y="84" width="20" height="24" rx="3" className="fill-white stroke-brand-900" strokeWidth="3" />
      <path d="M306 84V74M298 74h16" className="stroke-brand-900" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M100 74s-18 22-18 36a18 18 0 0 0 36 0c0-14-18-36-18-36Z"
        className="fill-brand-100 stroke-brand-700"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M92 112a9 9 0 0 0 8 8" className="fill-none stroke-white" strokeWidth="3" strokeLinecap="round" />
    </g>
  ),
  law: (
    <g>
      {/* The scales of justice, and a signed retainer beside the office. */}
      <path
        d="M100 70v68M84 138h32M76 84h48"
        className="fill-none stroke-brand-900"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M76 84l-12 26h24ZM124 84l-12 26h24Z"
        className="fill-none stroke-brand-700"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path
        d="M64 110a12 6 0 0 0 24 0ZM112 110a12 6 0 0 0 24 0Z"
        className="fill-signal-400 stroke-brand-900"
        strokeWidth="2.5"
      />
      <circle cx="100" cy="66" r="5" className="fill-brand-700" />
      <rect x="290" y="76" width="42" height="60" rx="3" className="fill-white stroke-brand-900" strokeWidth="3" />
      <path d="M298 90h26M298 100h26M298 110h18" className="stroke-brand-300" strokeWidth="3" strokeLinecap="round" />
      <path
        d="M298 124c5-6 8 4 13-2s6 3 12-1"
        className="fill-none stroke-brand-700"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </g>
  ),
};

export function TradeScene({ kind, className }: { kind: TradeSceneKind; className?: string }) {
  return (
    <svg
      viewBox="0 0 416 176"
      width="416"
      height="176"
      aria-hidden="true"
      focusable="false"
      className={clsx("h-auto w-full", className)}
    >
      <rect width="416" height="176" className="fill-brand-50" />
      <rect y="150" width="416" height="26" className="fill-brand-100" />
      <path
        d="M24 163h368"
        className="stroke-brand-200"
        strokeWidth="3"
        strokeDasharray="14 10"
        strokeLinecap="round"
      />
      <House />
      {jobs[kind]}
      <Pin />
    </svg>
  );
}
