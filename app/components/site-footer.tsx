import { Link } from "react-router";
import { siteConfig } from "../config/site.ts";

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10 text-sm text-slate-700">
        <p>{siteConfig.tagline}</p>
        <nav aria-label="Company" className="mt-4">
          <ul className="flex flex-wrap gap-4">
            <li><Link to="/about">About Us</Link></li>
            <li><Link to="/blog">Blog</Link></li>
            <li><Link to="/contact">Contact</Link></li>
            <li><Link to="/privacy-policy">Privacy Policy</Link></li>
          </ul>
        </nav>
        <p className="mt-6">© 2025 {siteConfig.companyName}. All rights reserved.</p>
      </div>
    </footer>
  );
}
