import { toast } from "../../hooks/use-toast.ts";
import { siteConfig } from "../../config/site.ts";

// The spec's notifications of every form (SPEC §8), one wording of each title: the forms pass only
// their description.

/** "Success!" with the form's confirmation. */
export function notifySubmitted(description: string) {
  toast({ title: "Success!", description });
}

/**
 * The destructive "Error" toast of a failed send; the form keeps its values. Under the spec's text, a
 * way around a send that keeps failing: the phone and the e-mail address (issue 14 §4).
 */
export function notifySubmitFailed(description: string) {
  toast({
    variant: "destructive",
    title: "Error",
    description: (
      <>
        {description}
        <span className="mt-1 block">
          Or call{" "}
          <a href={siteConfig.phoneHref} className="whitespace-nowrap font-semibold underline underline-offset-2">
            {siteConfig.phone}
          </a>{" "}
          or e-mail{" "}
          <a href={`mailto:${siteConfig.email}`} className="font-semibold underline underline-offset-2">
            {siteConfig.email}
          </a>
          .
        </span>
      </>
    ),
  });
}

/** The destructive "Validation Error" toast; nothing was sent. */
export function notifyInvalid(description: string) {
  toast({ variant: "destructive", title: "Validation Error", description });
}
