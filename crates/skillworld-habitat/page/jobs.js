// The scheduled jobs (HAB-6) as a table: each job's last run, outcome and
// next run, from GET /api/v1/jobs (admin). Times are world times.

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function at(ms) {
  return ms == null ? "—" : new Date(ms).toLocaleString();
}

// Fills `table` (a <table> with a <tbody>) from the jobs answer.
export function renderJobs(table, jobs) {
  const body = table.tBodies[0];
  if (!jobs.length) {
    const row = document.createElement("tr");
    const td = cell("No job has been scheduled yet: jobs run while `skillworld serve` is up.");
    td.colSpan = 4;
    row.append(td);
    body.replaceChildren(row);
    return;
  }
  body.replaceChildren(
    ...jobs.map((job) => {
      const row = document.createElement("tr");
      const outcome = cell(job.outcome ?? "not run yet");
      if (job.outcome?.startsWith("failed")) outcome.className = "failed";
      row.append(cell(job.id), cell(at(job.last_run)), outcome, cell(at(job.next_run)));
      return row;
    }),
  );
}
