// Agents' proposals (GOV-1) as a list: who proposed what for which layer,
// its scan verdict, when it expires, and the diff against what the agent
// sees now. Admins approve (optionally under a new name) or reject with a
// reason; an agent reads its own, with the reasons of rejected ones. Every
// text goes in as a text node: a diff shows skill content, never runs it.

function el(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

function at(ms) {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The diff, one span per line, marked as added, removed or a header. */
function diffBlock(diff) {
  const pre = el("pre", "diff");
  pre.tabIndex = 0;
  pre.setAttribute("aria-label", "Changes");
  for (const line of diff.replace(/\n$/, "").split("\n")) {
    const kind = line.startsWith("+++") || line.startsWith("---") || line.startsWith("@@")
      ? "head"
      : line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "";
    pre.append(el("span", kind, `${line}\n`));
  }
  return pre;
}

/** The approve and reject controls of one pending proposal. */
function decisions(proposal, { onApprove, onReject }) {
  const form = el("form", "decide");
  form.autocomplete = "off";
  const rename = el("input");
  rename.name = "as";
  rename.placeholder = proposal.name;
  rename.setAttribute("aria-label", `Approve ${proposal.name} as (optional new name)`);
  const approve = el("button", "", "Approve");
  approve.type = "button";
  approve.dataset.decide = "approve";
  approve.addEventListener("click", () => onApprove(proposal, rename.value.trim() || null));
  const reason = el("input", "grow");
  reason.name = "reason";
  reason.placeholder = "Why not (the agent reads this)";
  reason.setAttribute("aria-label", `Reason for rejecting ${proposal.name}`);
  const reject = el("button", "danger", "Reject");
  reject.type = "button";
  reject.dataset.decide = "reject";
  reject.addEventListener("click", () => onReject(proposal, reason.value.trim()));
  form.addEventListener("submit", (event) => event.preventDefault());
  form.append(rename, approve, reason, reject);
  return form;
}

/**
 * Fills `list` (a <ul>) with `proposals`; `admin` adds the decisions, which
 * call `onApprove(proposal, newName|null)` and `onReject(proposal, reason)`.
 */
export function renderProposals(list, proposals, { admin, onApprove, onReject }) {
  list.replaceChildren(
    ...proposals.map((proposal) => {
      const item = el("li", `proposal ${proposal.state}`);
      item.dataset.name = proposal.name;
      item.dataset.agent = proposal.agent;
      const title = el("h3", "", proposal.name);
      const meta = el(
        "p",
        "meta",
        `${proposal.kind === "change" ? "Change" : "New skill"} by ${proposal.agent} for ${proposal.target}` +
          ` · ${proposal.state} · scan ${proposal.scan} · proposed ${at(proposal.proposed_at)}` +
          ` · expires ${at(proposal.expires_at)}`,
      );
      item.append(title, meta, el("p", "", proposal.description));
      if (proposal.reason) item.append(el("p", "reason", `Rejected: ${proposal.reason}`));
      if (proposal.approved_as) item.append(el("p", "meta", `Live as ${proposal.approved_as}`));
      item.append(diffBlock(proposal.diff));
      if (admin && proposal.state === "pending") item.append(decisions(proposal, { onApprove, onReject }));
      return item;
    }),
  );
}
