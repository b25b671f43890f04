import { clsx } from "clsx";

// A mock-up of the monthly report clients get: the three lead counts, six months of leads with booked
// jobs drawn over them, and the keywords moving up. Deliberately without figures: it shows what the
// report contains, not a result. Static SVG, one role="img" with a name for screen readers.

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"];
/** Bar heights (of 100) for leads and the booked-jobs line: a shape, not data. */
const leads = [34, 42, 47, 58, 66, 80];
const booked = [20, 27, 31, 40, 49, 61];

const chart = { left: 40, bottom: 300, width: 250, height: 120 };
const slot = chart.width / months.length;
const y = (value: number) => chart.bottom - (value / 100) * chart.height;

export function ReportMockup({ className }: { className?: string }) {
  const line = booked
    .map((value, index) => `${index === 0 ? "M" : "L"}${chart.left + slot * index + slot / 2} ${y(value)}`)
    .join(" ");
  return (
    <svg
      viewBox="0 0 480 360"
      width="480"
      height="360"
      role="img"
      aria-labelledby="report-mockup-title"
      className={clsx("h-auto w-full drop-shadow-xl", className)}
    >
      <title id="report-mockup-title">
        Example of the monthly report clients get: calls, form leads and booked jobs, leads by month with booked jobs,
        and keyword rankings
      </title>
      <rect x="0.5" y="0.5" width="479" height="359" rx="16" className="fill-white stroke-slate-200" />
      <path d="M16 0.5h448a15.5 15.5 0 0 1 15.5 15.5v40H0.5V16A15.5 15.5 0 0 1 16 0.5Z" className="fill-brand-900" />
      <text x="24" y="35" className="fill-white text-[15px] font-bold">
        Monthly lead report
      </text>
      <circle cx="424" cy="28" r="5" className="fill-signal-400" />
      <circle cx="442" cy="28" r="5" className="fill-brand-400" />
      <circle cx="460" cy="28" r="5" className="fill-white/60" />

      {["Calls", "Form leads", "Booked jobs"].map((label, index) => (
        <g key={label} transform={`translate(${24 + index * 148} 74)`}>
          <rect
            width="136"
            height="62"
            rx="10"
            className={index === 2 ? "fill-brand-50 stroke-brand-200" : "fill-slate-50 stroke-slate-200"}
          />
          <text x="12" y="22" className="fill-slate-700 text-[12px] font-semibold">
            {label}
          </text>
          <rect x="12" y="34" width={52 + index * 8} height="14" rx="4" className="fill-brand-700" />
          <path
            d="M110 46l8-10 8 10"
            className="fill-none stroke-emerald-600"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      ))}

      <text x="24" y="168" className="fill-slate-900 text-[12px] font-bold">
        Leads and booked jobs
      </text>
      {[0, 1, 2].map((row) => (
        <line
          key={row}
          x1={chart.left - 16}
          x2={chart.left + chart.width}
          y1={chart.bottom - row * 50}
          y2={chart.bottom - row * 50}
          className="stroke-slate-200"
        />
      ))}
      {leads.map((value, index) => (
        <rect
          key={months[index]}
          x={chart.left + slot * index + 8}
          y={y(value)}
          width={slot - 16}
          height={chart.bottom - y(value)}
          rx="4"
          className="fill-brand-200"
        />
      ))}
      <path
        d={line}
        className="fill-none stroke-brand-700"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {booked.map((value, index) => (
        <circle
          key={months[index]}
          cx={chart.left + slot * index + slot / 2}
          cy={y(value)}
          r="4"
          className="fill-signal-400 stroke-brand-900"
          strokeWidth="1.5"
        />
      ))}
      {months.map((month, index) => (
        <text
          key={month}
          x={chart.left + slot * index + slot / 2}
          y="322"
          textAnchor="middle"
          className="fill-slate-600 text-[11px]"
        >
          {month}
        </text>
      ))}

      <text x="318" y="168" className="fill-slate-900 text-[12px] font-bold">
        Keyword rankings
      </text>
      {[0, 1, 2, 3].map((row) => (
        <g key={row} transform={`translate(318 ${184 + row * 32})`}>
          <rect width="138" height="24" rx="6" className="fill-slate-50" />
          <rect x="10" y="9" width={70 - row * 10} height="6" rx="3" className="fill-slate-300" />
          <path
            d="M112 16l6-7 6 7"
            className="fill-none stroke-emerald-600"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </g>
      ))}
    </svg>
  );
}
