#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Build and check held-out bank 12 (five questions per dialog).

    python3 make_bank12.py          build the bank, check it, write
                                    five_questions_bank12.json next to this file
    python3 make_bank12.py --check  check the written JSON file only

Genre: an engineer or engineering lead using an assistant over weeks at work.
Twelve dialogs (4 en, 4 ru, 4 ja), each with five questions: name, number,
date, decision, reason.

Standard library only. Deterministic: every dialog draws all of its
randomness from its own random.Random seeded with zlib.crc32 of its id;
nothing depends on the clock or on the hash seed.
"""

import json
import os
import random
import re
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_PATH = os.path.join(HERE, "five_questions_bank12.json")
BANK_NAME = "bank12"
TAIL = 34
KINDS = ("name", "number", "date", "decision", "reason")
LANGS = ("en", "ru", "ja")
MIN_MSGS, MAX_MSGS = 150, 400


# ---------------------------------------------------------------------------
# Matching rule (same as the scorer)
# ---------------------------------------------------------------------------

def occurs(s, text, lang, strict=False):
    """en/ru: case-insensitive, on word boundaries. ja: plain substring.

    For ja, strict=True is case-sensitive (used where a string must be
    present), strict=False is case-insensitive (used where a string must be
    absent), so both kinds of check err on the safe side.
    """
    if lang == "ja":
        if strict:
            return s in text
        return s.casefold() in text.casefold()
    pattern = r"(?<!\w)" + re.escape(s) + r"(?!\w)"
    return re.search(pattern, text, re.IGNORECASE) is not None


# ---------------------------------------------------------------------------
# Filler machinery
# ---------------------------------------------------------------------------

class Deck:
    """Draw items in a shuffled order; finite decks run out, others reshuffle."""

    def __init__(self, items, rng, repeat):
        self.items = list(items)
        self.rng = rng
        self.repeat = repeat
        self.order = list(range(len(self.items)))
        rng.shuffle(self.order)

    def empty(self):
        return not self.order and not self.repeat

    def draw(self):
        if not self.order:
            if not self.repeat:
                return None
            self.order = list(range(len(self.items)))
            self.rng.shuffle(self.order)
        return self.items[self.order.pop()]


CATEGORY_WEIGHTS = (
    ("concept", 3.0),
    ("regex", 0.9),
    ("shell", 2.0),
    ("life", 3.0),
    ("slack", 1.4),
    ("work", 3.0),
    ("lunch", 0.9),
    ("tz", 1.1),
    ("math", 1.1),
    ("ack", 0.9),
)


class Filler:
    """Produces (user, assistant) filler pairs for one dialog."""

    def __init__(self, kit, rng, ctx, forbidden, lang):
        self.kit = kit
        self.rng = rng
        self.ctx = ctx
        self.forbidden = forbidden
        self.lang = lang
        self.decks = {
            "concept": Deck(kit["concept"], rng, False),
            "regex": Deck(kit["regex"], rng, False),
            "shell": Deck(kit["shell"], rng, False),
            "life": Deck(kit["life"], rng, False),
            "slack": Deck(kit["slack"], rng, True),
            "work": Deck(kit["work"], rng, True),
        }
        self.acks = {k: Deck(v, rng, True) for k, v in kit["ack"].items()}
        self.last = None
        self.seen = set()

    def ok(self, u, a):
        for t in (u, a):
            if not t.strip() or "{" in t or "}" in t:
                return False
            for s in self.forbidden:
                if occurs(s, t, self.lang):
                    return False
        return True

    def make(self, cat):
        kit, rng, ctx = self.kit, self.rng, self.ctx
        if cat == "ack":
            kind = {"shell": "cmd", "regex": "cmd", "slack": "draft", "work": "draft",
                    "concept": "explain"}.get(self.last, "any")
            if kind != "any" and rng.random() < 0.5:
                kind = "any"
            return self.acks[kind].draw()
        if cat in self.decks:
            item = self.decks[cat].draw()
            if item is None:
                return None
            if cat == "concept":
                topic, ans = item
                return rng.choice(kit["concept_ask"]).replace("@TOPIC", topic), ans
            if cat == "regex":
                desc, rx, note = item
                u = rng.choice(kit["regex_ask"]).replace("@DESC", desc)
                a = rng.choice(kit["regex_ans"]).replace("@NOTE", note).replace("@RX", rx)
                return u, a
            u, a = item
            return kit["fill"](u, a, rng, ctx)
        return kit[cat](rng, ctx)

    def pair(self):
        for _ in range(400):
            cats, weights = [], []
            for c, w in CATEGORY_WEIGHTS:
                if c in self.decks and self.decks[c].empty():
                    continue
                if c == "ack" and self.last in (None, "ack"):
                    continue
                cats.append(c)
                weights.append(w)
            cat = self.rng.choices(cats, weights=weights)[0]
            res = self.make(cat)
            if res is None:
                continue
            u, a = res
            if cat != "ack" and u in self.seen:
                continue
            if self.ok(u, a):
                self.last = cat
                self.seen.add(u)
                return u, a
        raise RuntimeError("could not produce a filler pair")


def fmt_offset(minutes):
    sign = "+" if minutes >= 0 else "-"
    m = abs(minutes)
    if m % 60:
        return "UTC%s%d:%02d" % (sign, m // 60, m % 60)
    return "UTC%s%d" % (sign, m // 60)


def convert_time(rng, zones):
    """Pick a time and two zones (fixed offsets, no DST); return the parts."""
    src, dst = rng.sample(zones, 2)
    h = rng.randrange(24)
    m = rng.choice([0, 15, 30, 45])
    t = h * 60 + m - src[1] + dst[1]
    day = t // 1440
    t %= 1440
    return src, dst, "%02d:%02d" % (h, m), "%02d:%02d" % (t // 60, t % 60), day


def Q(kind, q, answers, wrong=()):
    return {"kind": kind, "q": q, "answers": list(answers), "wrong": list(wrong)}


# ---------------------------------------------------------------------------
# English filler
# ---------------------------------------------------------------------------

EN_CONCEPT_ASK = [
    "Can you explain @TOPIC in two or three sentences?",
    "Quick one: @TOPIC, in plain words?",
    "Someone asked me about @TOPIC in a meeting and I fumbled it. Short explanation?",
    "Refresh my memory on @TOPIC?",
    "ELI5: @TOPIC.",
    "Teach me @TOPIC in under a minute?",
]

EN_CONCEPTS = [
    ("the difference between p95 and p99 latency",
     "p95 is the latency that 95% of requests beat; p99 is the one 99% beat. The gap between them tells you how heavy your tail is: a big jump from p95 to p99 means a minority of requests hit something slow, like a cold cache, a retry or a long GC pause."),
    ("idempotency keys",
     "The client sends a unique key with a request so the server can recognise retries. The server stores the key together with the result of the first attempt, and if the same key arrives again it returns the stored result instead of doing the work twice. It's what stops a network retry from charging someone twice."),
    ("circuit breakers",
     "A circuit breaker wraps calls to a dependency and counts failures. After too many it 'opens' and fails calls immediately for a cool-down period instead of piling up slow requests; then it lets a few trial calls through and closes again if they succeed. It protects you and gives the struggling dependency room to recover."),
    ("error budgets",
     "If your SLO is 99.9% success, the other 0.1% is your error budget: the amount of failure you're allowed over the window. While budget remains you can ship quickly; once it's spent, reliability work goes ahead of features. It turns 'is it reliable enough?' into a number both product and engineering can argue about calmly."),
    ("blue-green versus canary deployments",
     "Blue-green keeps two identical environments and flips all traffic from the old one to the new one at once, so rollback is just flipping back. A canary sends a small slice of traffic (1%, then 5%, then 25%...) to the new version while you watch metrics. Blue-green gives you fast rollback; canaries limit the blast radius."),
    ("backpressure",
     "Backpressure is when an overloaded consumer tells its producer to slow down instead of silently buffering everything in memory. Bounded queues that block writers and HTTP 429 responses are common forms. Without it, overload tends to turn into out-of-memory crashes or a cascade of timeouts."),
    ("consistent hashing",
     "It's a way of mapping keys to nodes so that adding or removing a node only moves a small share of the keys, rather than almost all of them as with hash-mod-N. Nodes and keys sit on a ring and each key belongs to the next node clockwise; virtual nodes smooth out the distribution."),
    ("write-ahead logs",
     "The database first appends each change to a sequential log on disk and only later updates the data pages themselves. After a crash it replays the log on startup, so nothing that was acknowledged is lost. The same log is handy for replication, which is why replicas often just stream it."),
    ("MVCC in Postgres",
     "Every update writes a new version of the row and leaves the old one in place while other transactions might still need to see it. That's why readers don't block writers and vice versa. The price is dead row versions, which VACUUM has to clean up, and table bloat if it can't keep up."),
    ("token bucket rate limiting",
     "Tokens drip into a bucket at a fixed rate and each request takes one. If the bucket is empty the request is rejected or has to wait. The bucket size sets how big a burst you allow, and the refill rate sets the sustained limit."),
    ("the difference between SLIs, SLOs and SLAs",
     "An SLI is the measurement, such as the share of successful requests. An SLO is your internal target for it, such as 99.9% over 30 days. An SLA is a promise to customers with consequences, usually money, and it's normally looser than the SLO so you have a buffer."),
    ("Bloom filters",
     "A Bloom filter is a compact probabilistic structure that answers 'definitely not in the set' or 'probably in the set'. False positives happen, false negatives never do. Databases use them to avoid reading disk for keys that certainly aren't there."),
    ("at-least-once versus exactly-once delivery",
     "At-least-once means every message arrives, possibly more than once, so the consumer has to be idempotent. Exactly-once in practice is at-least-once plus deduplication, or writing the result and the consumer offset in the same transaction."),
    ("eventual consistency",
     "After a write, different replicas may briefly return different answers, but if no new writes arrive they all converge on the same value. The visible symptom is the classic 'I just saved it, why isn't it in the list yet?'"),
    ("the thundering herd problem",
     "It's when lots of clients wake up at the same moment and hammer the same resource, for example right after a popular cache key expires or a service restarts. Jitter, letting only one request recompute a missing key, and gradual warm-up are the usual fixes."),
    ("the saga pattern",
     "A saga breaks a long business operation into a chain of local transactions in different services, and every step has a compensating action. If step three fails, you run the compensations for steps two and one. It's the usual substitute for distributed transactions."),
    ("feature flag debt",
     "Every flag is a branch in the code that should be tested both ways. Flags nobody removes after rollout pile up, make the code harder to reason about and occasionally cause incidents when someone flips an ancient one. A removal date in the flag description plus a monthly clean-up goes a long way."),
    ("CQRS",
     "Command Query Responsibility Segregation: writes go through one model that enforces the rules, reads come from a separate model shaped for queries, often denormalised and updated asynchronously. It's worth it when reads and writes differ a lot in shape or volume."),
    ("mTLS",
     "Mutual TLS: the server checks the client's certificate as well as the client checking the server's. Services inside your network then authenticate each other cryptographically instead of trusting IP addresses. A service mesh or an internal CA usually issues and rotates the certificates."),
    ("toil, in the SRE sense",
     "Toil is manual, repetitive operational work that scales with the service and leaves nothing lasting behind: hand restarts, manual deploys, triaging the same alert every week. SRE teams cap how much of their time goes to it and automate it away deliberately."),
    ("PgBouncer transaction pooling",
     "A server connection is lent to a client only for the duration of a transaction and then goes back to the pool, so hundreds of clients can share a few dozen connections. Anything that lives longer than a transaction, like session-level SET or advisory locks, stops working reliably."),
    ("split brain",
     "Split brain is when a cluster partitions and each side elects its own leader that accepts writes. When the network heals, the data has diverged. Quorums (only a majority may act) and fencing the old leader are the standard defences."),
    ("dead letter queues",
     "A dead letter queue is where messages go after they've failed processing a set number of times, so one poison message can't block the whole stream. Alert on its size, or it becomes a quiet place where data goes to die."),
    ("jitter in retries",
     "Jitter adds a random amount to the wait between retries. Without it, every client that failed at the same moment retries at the same moment too, and knocks the recovering service over again."),
]

EN_REGEX_ASK = [
    "Regex for @DESC?",
    "Can you write me a regex that matches @DESC?",
    "Need a quick regex: @DESC.",
]
EN_REGEX_ANS = [
    "Try this:\n\n@RX\n\n@NOTE",
    "@RX\n\n@NOTE",
    "Something like:\n@RX\n@NOTE",
]
EN_REGEX = [
    ("Jira-style ticket IDs like OPS-1234", r"\b[A-Z][A-Z0-9]+-[0-9]+\b",
     "Uppercase project key, a hyphen, then digits. The word boundaries stop it matching inside longer tokens."),
    ("ISO dates like 2024-03-15", r"^[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]$",
     "It checks the shape and rough ranges, not real calendar validity; let a date parser do that part."),
    ("log lines with ERROR or FATAL that aren't from the health check", r"^(?!.*healthcheck).*\b(ERROR|FATAL)\b",
     "The negative lookahead at the start throws away any line mentioning healthcheck before the level is even considered."),
    ("trailing whitespace", r"[ \t]+$",
     "Turn on multiline mode and replace matches with nothing to clean a whole file."),
    ("semantic versions like 2.14.3, with an optional -rc.1 style suffix", r"^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$",
     "If you also need build metadata after a plus sign, add another optional group at the end."),
    ("durations like 45s, 10m or 2h", r"^[0-9]+(s|m|h|d)$",
     "Add ms to the alternation if you need milliseconds, but put it first so it wins over m."),
    ("IPv4 addresses, roughly", r"\b[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+\b",
     "It doesn't check that each part is at most 255, which is fine for grepping logs but not for validation."),
    ("the pod hash at the end of a name like api-7d9f8c6b5-x2x9q", r"-[a-z0-9]+-[a-z0-9]+$",
     "Replace the match with an empty string and you get the deployment name, which is handy for grouping."),
    ("an email address, good enough for a log filter", r"[^@\s]+@[^@\s]+\.[^@\s]+",
     "Deliberately loose: fine for finding addresses in logs, not for validating sign-up forms."),
    ("UK postcodes, roughly", r"^[A-Z][A-Z]?[0-9][A-Z0-9]? ?[0-9][A-Z][A-Z]$",
     "Uppercase the input first. It accepts a few impossible combinations but catches typos well enough."),
]

EN_SHELL = [
    ("How do I undo my last git commit but keep the changes?",
     "git reset --soft HEAD~1 removes the commit and leaves the changes staged; use --mixed if you want them unstaged. If you've already pushed, git revert is the safer choice because it doesn't rewrite shared history."),
    ("Git: how do I find the commit that introduced a particular string?",
     "git log -S 'the string' --oneline lists commits that changed how many times that string appears. Add -p to see the diffs, or use -G with a regex if you need a pattern."),
    ("How do I clean up local branches that are already merged into main?",
     "From main: git branch --merged main | grep -v ' main$' | xargs -r git branch -d. The -d flag refuses to delete anything unmerged, so it's safe to run."),
    ("Count lines containing 'timeout' across a bunch of gzipped logs?",
     "zgrep -c 'timeout' app.log.*.gz gives a count per file. For a single total: zcat app.log.*.gz | grep -c 'timeout'."),
    ("Top 10 client IPs in an nginx access log?",
     "cut -d' ' -f1 access.log | sort | uniq -c | sort -rn | head -10. If the log sits behind a load balancer, check whether the first field is the balancer rather than the client."),
    ("A box is running out of disk. How do I find files bigger than 500 MB?",
     "find / -xdev -type f -size +500M -print0 | xargs -0 ls -lh. For a directory-level view, du -xh / --max-depth=2 | sort -h | tail -20 is quicker to read."),
    ("SQL to find duplicate emails in a users table?",
     "SELECT email, COUNT(*) AS n FROM users GROUP BY email HAVING COUNT(*) > 1 ORDER BY n DESC; If case differences count as duplicates, group by lower(email) instead."),
    ("Postgres: how do I see queries that have been running for ages?",
     "SELECT pid, now() - query_start AS runtime, state, left(query, 80) FROM pg_stat_activity WHERE state <> 'idle' ORDER BY runtime DESC; Then pg_cancel_backend(pid) asks nicely and pg_terminate_backend(pid) doesn't."),
    ("Biggest tables in a Postgres database?",
     "SELECT relname, pg_size_pretty(pg_total_relation_size(relid)) FROM pg_statio_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 10; The total includes indexes and TOAST."),
    ("kubectl: list pods that aren't Running across all namespaces?",
     "kubectl get pods -A --field-selector=status.phase!=Running. Pods in CrashLoopBackOff often still report phase Running, so scan the RESTARTS column of a plain kubectl get pods -A as well."),
    ("How do I get logs from the previous, crashed container in a pod?",
     "kubectl logs POD --previous, adding -c CONTAINER if the pod has more than one container."),
    ("Check when the TLS certificate on a host expires, from the shell?",
     "openssl s_client -connect example.com:443 -servername example.com </dev/null 2>/dev/null | openssl x509 -noout -enddate prints the notAfter date."),
    ("jq: pull just the pod names out of kubectl get pods -o json?",
     "kubectl get pods -o json | jq -r '.items[].metadata.name'"),
    ("tar up a directory but skip node_modules?",
     "tar czf project.tgz --exclude='node_modules' project/ and the exclude pattern applies at any depth."),
    ("Replace a string in every .yaml file under a directory?",
     "grep -rl 'old-value' --include='*.yaml' . | xargs sed -i 's/old-value/new-value/g' and on macOS use sed -i '' instead. Commit first so the diff shows exactly what changed."),
    ("Python: sort a list of dicts by a key, newest first?",
     "sorted(rows, key=lambda r: r['created_at'], reverse=True), or operator.itemgetter('created_at') if you prefer."),
    ("Which process is listening on port 8080?",
     "sudo ss -ltnp | grep ':8080' or lsof -iTCP:8080 -sTCP:LISTEN."),
    ("How do I re-run a command every 2 seconds and watch the output?",
     "watch -n 2 'kubectl get pods' and add -d to highlight what changed between refreshes."),
]

EN_SLACK = [
    ("Draft a Slack message: I'm running about 10 minutes late to standup.",
     "'Running ~10 min late to standup, start without me and I'll catch up in the thread. My update: still on @COMP, no blockers.'"),
    ("Slack message asking @NAME to review my PR on @COMP without sounding pushy?",
     "'Hey @NAME, when you get a moment this week could you take a look at my PR for @COMP? It's small, mostly config and tests. No rush before tomorrow, but I'd love your eyes on the retry bit.'"),
    ("Help me thank @NAME publicly for jumping on last night's incident.",
     "'Big thanks to @NAME for jumping in last night when @COMP started misbehaving. Calm, quick, and the incident channel was a pleasure to read back this morning. 🙏'"),
    ("Short maintenance announcement please: @COMP will be down for about 20 minutes from @TIME UTC.",
     "'Heads-up: @COMP will be unavailable for about 20 minutes from @TIME UTC for planned maintenance. No action needed; we'll post here when it's back.'"),
    ("How do I politely decline a meeting and ask for an async update instead?",
     "'Thanks for the invite! I'm stretched this week, could we do this async? Drop a few bullets in the thread on what you need from me and I'll reply by end of day.'"),
    ("Nudge the team to fill in the on-call handover doc before Friday. Not naggy.",
     "'Friendly reminder: please add your notes to the on-call handover doc before Friday. Open incidents, noisy alerts, anything the next person should know. Two minutes now saves someone a 3am mystery.'"),
    ("I need to tell @NAME their design doc is great but needs a rollback section. Kindly.",
     "'@NAME, really enjoyed the design doc, the migration steps are super clear. One ask before sign-off: could you add a rollback section (trigger, steps, what happens to data)? Happy to pair on it.'"),
    ("Post that staging is broken and we're on it.",
     "'Staging is currently broken: deploys to @COMP are failing. We're on it. Please hold off on staging deploys until we post an all-clear here.'"),
    ("Congratulate @NAME on their promotion in the team channel.",
     "'Huge congratulations to @NAME on the promotion! Thoroughly deserved, so much of this year's @COMP work had their fingerprints on it. 🎉'"),
    ("Ask the channel whether anyone knows who owns the old @COMP cron jobs.",
     "'Archaeology question: does anyone know who owns the old @COMP cron jobs? Trying to work out whether they're still needed before we migrate. Any pointers appreciated!'"),
]

EN_WORK = [
    ("Standup notes, make them tighter: yesterday I paired with @NAME on @COMP retries and reviewed two PRs, today I'm on @TICKET and the flaky test in @COMP, no blockers really.",
     "Yesterday: paired with @NAME on @COMP retries; reviewed 2 PRs.\nToday: @TICKET; fix the flaky @COMP test.\nBlockers: none."),
    ("Commit message for: fixed a race in @COMP where two workers could pick up the same job.",
     "Fix double-claim race in @COMP job pickup\n\nTwo workers could claim the same job because the select and the update were separate statements. Claim jobs with a single conditional UPDATE ... RETURNING so only one worker wins."),
    ("Name for a feature flag gating the new retry logic in @COMP?",
     "Something like @SLUG_retry_v2 or @SLUG_new_retry_policy: component plus what it changes. Put the planned removal date in the flag description so it doesn't live forever."),
    ("What should a runbook entry for the @COMP queue-depth alert contain?",
     "1) What the alert means, in one sentence. 2) Which dashboards to open first. 3) Common causes and how to confirm each. 4) Safe mitigations, like scaling consumers or pausing producers. 5) When to escalate and to whom. 6) Links to past incidents."),
    ("Turn this into a ticket: the @COMP dashboard has no error-rate panel, we only noticed because @NAME asked about it.",
     "Title: Add error-rate panel to the @COMP dashboard\nContext: the dashboard shows throughput and latency but no error rate, so failures aren't visible at a glance (spotted by @NAME).\nAcceptance: error-rate panel by status class; linked from the alert; reviewed by whoever is on call."),
    ("Help me word a PR comment: the main function in @COMP is enormous and I'd like it split, but the author is new.",
     "'This works and the tests are great 👍 One suggestion for readability: the main function is doing a lot. Could we split validation and persistence into their own functions? Happy to pair on it, and it's fine as a follow-up PR if you'd rather.'"),
    ("1:1 with @NAME tomorrow. They've seemed a bit flat lately. Good opening questions?",
     "Keep them open and low-pressure: 'What's been the best and the worst part of the last couple of weeks?', 'Is anything you're working on feeling pointless?', 'If you could change one thing about how we run @COMP, what would it be?' Then mostly listen."),
    ("Two-line summary for @TICKET: @COMP returned 503s for 12 minutes after a config push set the DB pool size to 1.",
     "@TICKET: @COMP returned 503s for 12 minutes after a config push set the database connection pool size to 1. Config rolled back; follow-up to validate pool settings at deploy time."),
    ("One free afternoon: @TICKET (tech debt in @COMP) or the new on-call dashboard?",
     "Do whichever unblocks someone else. If the dashboard is what on-call is missing, it wins; if @TICKET is what's making deploys flaky, fix that first, because a flaky pipeline taxes everyone."),
    ("Good title for a design doc about splitting @COMP into two services?",
     "'Splitting @COMP: motivation, boundaries and migration plan', or shorter: '@COMP split proposal'."),
    ("@NAME asked what 'toil budget' means in our team charter. One sentence?",
     "It's a cap on how much of the team's time goes on repetitive manual operations work; when we go over it, automating that work becomes the priority."),
    ("Meeting agenda for a 30-minute @COMP design review with @NAME and two others?",
     "1. Context and goal (5 min)\n2. Walk through the proposed design (10 min)\n3. Open questions and risks (10 min)\n4. Decision and owners for follow-ups (5 min)\nSend the doc a day ahead so the meeting is for discussion, not reading."),
    ("What does 'connection reset by peer' usually mean when @COMP talks to the database?",
     "The other side closed the TCP connection abruptly. The usual suspects: an idle connection killed by a proxy or load balancer timeout, the database restarting, or the pool handing out a connection that died while idle. Setting the pool's maximum idle time below the proxy's idle timeout fixes the most common case."),
    ("Rough estimate: how long to add cursor-based pagination to the @COMP list endpoint?",
     "Usually a day or two including tests: pick a stable sort key (created_at plus id as a tie-breaker), encode it into an opaque cursor, cap the page size, and update the clients. The clients are normally the slow part, not the endpoint."),
    ("@NAME wants to rename half the @COMP modules in one PR. How do I push back nicely?",
     "Suggest separating renames from behaviour changes: 'Love the clean-up. Could we land the pure renames as their own PR first? Then the logic changes get a small, readable diff.' Mechanical PRs are easy to review; mixed ones hide bugs."),
    ("Good alert name for when the @COMP error rate is above 5% for 10 minutes?",
     "Name the symptom and the service: '@COMP high error rate (over 5% for 10m)'. Put a one-line summary and the runbook link in the description so whoever gets paged knows where to start."),
    ("Write me a short handover note: I'm off tomorrow, @TICKET is half done, branch is pushed, tests pass except one flaky @COMP test.",
     "Handover for tomorrow:\n- @TICKET: about half done, branch pushed, all tests green except the known-flaky @COMP test.\n- Next step: the remaining edge cases listed in the ticket.\n- Nothing blocking; ask @NAME if the flaky test starts failing every run."),
    ("Retro opener for a @COMP release that needed two rollbacks. No blame, please.",
     "'The @COMP release shipped but needed two rollbacks. We want to understand what let the problems reach production and what to change in our pre-release checks, not who did what.'"),
]

EN_LIFE = [
    ("Train's cancelled again. Work from a café for the morning or just go home?",
     "If your first meeting is a video call anyway, a café near the station lets you jump on the next train afterwards without losing the morning. Go home if you've got focused work; café noise and patchy Wi-Fi make deep work hard."),
    ("Cycling to work in the rain: any tips for not arriving soaked?",
     "Mudguards make the biggest difference, then a proper waterproof with a hood that fits under the helmet, and overshoes or waterproof socks. Keep spare socks and a small towel at the office and most of the misery goes away."),
    ("My daughter needs a science fair project, she's 10. Anything that isn't a volcano?",
     "A few that work well at that age: which paper towel brand absorbs the most water; whether wing shape changes how far a paper plane flies; growing cress under different coloured cellophane. Each has one thing to change and something easy to measure."),
    ("Birthday present for my partner, who loves cooking and hates clutter?",
     "Go for experiences or consumables: a cooking class together, really good olive oil or spices from a specialist shop, or a booking at the restaurant they keep mentioning. All lovely, none of it lives in a drawer."),
    ("My parents are staying for a week and I still have to work. How do I not feel guilty?",
     "Plan one proper outing on a weekday evening and one at the weekend, and give them a short list of things to do in the daytime. Tell them your working hours up front; most parents are happier knowing the plan than guessing when you're free."),
    ("The dog ate a sock. Should I worry?",
     "Ring your vet now rather than waiting, because a sock can cause a blockage. Watch for vomiting, refusing food, lethargy or straining, and don't try to make the dog sick unless the vet tells you to."),
    ("I'm training for a 10k, three runs a week. What should they look like?",
     "One easy run at a pace where you can chat, one interval session (say 6 x 400 m hard with 90 seconds' rest), and one longer easy run that grows by about 10% a week. Take a rest day after the intervals."),
    ("Padel or squash, if I want something social after work?",
     "Padel, probably. It's doubles by default, beginners can rally quickly, and the chat afterwards is half the point. Squash is the better workout per minute but it's more solitary and harder to get into."),
    ("Explain the offside rule so I can survive a football conversation with my father-in-law.",
     "A player is offside if, when the ball is played to them, they're in the opponents' half and nearer the goal line than both the ball and the second-last defender. Level counts as onside, and you can't be offside from a throw-in, goal kick or corner."),
    ("How do I sleep properly when I'm on call? I keep half-waking.",
     "Give pages a distinct, loud sound so your brain can stop listening for every little noise, and agree with the secondary that they'll ring you if you miss one. Trusting the escalation path helps more than people expect."),
    ("Long-haul flight next month. I always arrive wrecked. Tips?",
     "Switch to destination time as soon as you board: sleep when it's night there and eat at their mealtimes. Drink water, go easy on alcohol, get daylight when you land, and keep any first-day nap under 20 minutes."),
    ("Good way to say no to extra work without sounding lazy?",
     "Name the trade-off: 'I can take this on, but then X slips to next week. Which would you prefer?' It hands the priority decision to the person asking instead of you just refusing."),
    ("How long do I boil an egg for a runny yolk?",
     "About six and a half minutes from boiling for a large egg straight from the fridge, then into cold water for a minute. Six minutes if you like it really runny."),
    ("My son's 12 and wants to learn programming. Where should he start?",
     "Scratch if he likes games and animation; if he wants to type real code, Python with a small project like a quiz or a text adventure. A project he actually cares about matters far more than the course."),
    ("Best way to pick up a little Japanese before a trip?",
     "Learn hiragana and katakana first with short daily sessions for a week or two, then survival phrases. Katakana alone helps a lot, because so many menu items and signs are loanwords."),
    ("Weekend plan: hike or cinema? Forecast says showers.",
     "Showers usually pass. If the hike is short and ends at a pub or café, go. If it's long and exposed, save it for a clearer day and do the cinema."),
    ("I've got 20 minutes between meetings. Most useful thing to do with them?",
     "Pick one small thing you can finish: answer the message you've been avoiding, review a short PR, or write down tomorrow's top three. Don't start anything that needs deep context."),
    ("Is a standing desk worth it?",
     "Changing position matters more than the desk. If you get one, switch every 30 to 60 minutes rather than standing all day, and get an anti-fatigue mat, because standing still on a hard floor is its own problem."),
    ("Colleague's leaving do, small budget. Gift ideas?",
     "A card with notes from the whole team is the thing people keep. Add something small and personal: their favourite coffee, a plant for the new desk, or a book tied to a running joke."),
    ("How do I stop checking Slack at dinner?",
     "Set a notification schedule so it stays quiet outside working hours and leave the phone in another room while you eat. If you're on call, only the paging app needs to reach you."),
    ("Cricket's on tonight and I don't get it. Crash course?",
     "Two teams take turns to bat and bowl. The batting side scores runs by running between the wickets or hitting boundaries: four if the ball bounces first, six if it doesn't. In a T20 each side gets 20 overs of six balls, so it's done in about three hours."),
    ("Podcast ideas for the commute? Tech, but not dry.",
     "Story-driven ones that walk through a famous outage or the history of a product stay interesting even when you're tired. Interview shows work too if you skip the episodes whose guests don't grab you."),
]

EN_ACK = {
    "cmd": [("thanks, that worked", "Great, glad it did."),
            ("perfect, ty", "Any time."),
            ("nice, exactly what I needed", "Glad it fits.")],
    "draft": [("nice, sending it as is", "👍 Hope it lands well."),
              ("tweaked one word and sent it", "Perfect, your voice is better than mine anyway.")],
    "explain": [("ok, that's clearer now", "Good. Shout if anything else comes up."),
                ("ah, that's the bit I was missing", "Glad it clicked.")],
    "any": [("cheers", "You're welcome!"),
            ("got it, thanks", "Any time."),
            ("makes sense", "Great.")],
}

EN_FOODS = ["ramen", "a burrito", "a poke bowl", "a falafel wrap", "pho", "katsu curry",
            "a big salad", "dumplings", "a sandwich from downstairs", "yesterday's leftovers"]
EN_LUNCH_ASK = [
    "Lunch: @FOOD1 or @FOOD2? I've got about @MIN minutes.",
    "Can't decide, @FOOD1 or @FOOD2 for lunch?",
    "Lunch dilemma: @FOOD1 vs @FOOD2. Go.",
]
EN_LUNCH_ANS = [
    "Go with @PICK. It's quick and won't leave you sleepy for the afternoon.",
    "@PICK. Save @OTHER for Friday as a small reward.",
    "@PICK, and walk to get it. The ten-minute walk is the real point of lunch.",
    "I'd say @PICK, eaten away from the desk, even if it's only for fifteen minutes.",
]

EN_ZONES = [("UTC", 0), ("Tokyo", 540), ("Singapore", 480), ("Mumbai", 330),
            ("Dubai", 240), ("Moscow", 180), ("Novosibirsk", 420)]

EN_NAMES = ["Ollie", "Fatima", "Wei", "Ravi", "Beth", "Kwame", "Nadia", "Josh", "Ines", "Gareth"]


def en_fill(u, a, rng, ctx):
    comp = rng.choice(ctx["comps"])
    rep = [
        ("@TICKET", "%s-%d" % (ctx["prefix"], rng.randint(120, 4980))),
        ("@SLUG", re.sub(r"[^a-z0-9]+", "_", comp.lower()).strip("_")),
        ("@COMP", comp),
        ("@NAME", rng.choice(EN_NAMES)),
        ("@TIME", "%02d:%s" % (rng.choice([6, 7, 8, 9, 10, 13, 14, 15, 16, 17, 21, 22]),
                                rng.choice(["00", "30"]))),
    ]
    for k, v in rep:
        u = u.replace(k, v)
        a = a.replace(k, v)
    return u, a


def en_lunch(rng, ctx):
    f1, f2 = rng.sample(EN_FOODS, 2)
    pick, other = (f1, f2) if rng.random() < 0.5 else (f2, f1)
    u = rng.choice(EN_LUNCH_ASK).replace("@FOOD1", f1).replace("@FOOD2", f2)
    u = u.replace("@MIN", str(rng.choice([20, 25, 30, 40])))
    a = rng.choice(EN_LUNCH_ANS).replace("@PICK", pick).replace("@OTHER", other)
    return u, a[0].upper() + a[1:]


def en_tz(rng, ctx):
    src, dst, t1, t2, day = convert_time(rng, EN_ZONES)
    if src[0] == "UTC":
        u = "What's %s UTC in %s?" % (t1, dst[0])
    else:
        u = rng.choice([
            "What's %s %s time in %s?",
            "If I book a call for %s %s time, what's that in %s?",
            "Colleague says it's %s in %s right now. What time is it in %s?",
        ])
        u = u % (t1, src[0], dst[0])
    where = "UTC" if dst[0] == "UTC" else "in %s (%s)" % (dst[0], fmt_offset(dst[1]))
    tail = {1: ", the next day", -1: ", the previous day"}.get(day, "")
    a = "That's %s %s%s." % (t2, where, tail)
    if rng.random() < 0.4:
        a += " Neither place changes its clocks, so it's the same all year."
    return u, a


EN_AVAIL = [("99", "1", 0.01), ("99.5", "0.5", 0.005), ("99.9", "0.1", 0.001),
            ("99.95", "0.05", 0.0005), ("99.99", "0.01", 0.0001)]


def en_math(rng, ctx):
    k = rng.randrange(4)
    if k == 0:
        av, rem, frac = rng.choice(EN_AVAIL)
        days = rng.choice([7, 28, 30])
        total = days * 1440
        mins = total * frac
        u = "How many minutes of downtime does a %s%% SLO allow over %d days?" % (av, days)
        a = "%d days is %s minutes, and %s%% of that is about %.1f minutes" % (days, "{:,}".format(total), rem, mins)
        if mins >= 120:
            a += " (roughly %.1f hours)" % (mins / 60)
        return u, a + "."
    if k == 1:
        n = rng.choice([2, 5, 8, 12, 30, 45, 90])
        rps = n * 1000000 / 86400
        u = "If we handle %d million requests a day, what's that per second on average?" % n
        a = ("%d million / 86,400 is about %.0f requests per second on average. Peaks are usually "
             "two to three times the average, so size for those." % (n, rps))
        return u, a
    if k == 2:
        n = rng.choice([64, 128, 256, 500, 750, 1024])
        u = "How many GB is %d GiB?" % n
        a = "%d GiB is about %.1f GB (1 GiB = 1.074 GB). At this size the difference is worth being explicit about in capacity plans." % (n, n * 1.073741824)
        return u, a
    x = rng.randint(12, 90) * 10
    y = x + rng.randint(3, 40) * 10
    u = "Traffic went from %d to %d requests per minute. What's the percentage increase?" % (x, y)
    a = "(%d - %d) / %d = %.1f%% increase." % (y, x, x, (y - x) * 100.0 / x)
    return u, a


EN_KIT = {
    "concept": EN_CONCEPTS, "concept_ask": EN_CONCEPT_ASK,
    "regex": EN_REGEX, "regex_ask": EN_REGEX_ASK, "regex_ans": EN_REGEX_ANS,
    "shell": EN_SHELL, "life": EN_LIFE, "slack": EN_SLACK, "work": EN_WORK, "ack": EN_ACK,
    "fill": en_fill, "lunch": en_lunch, "tz": en_tz, "math": en_math,
}


# ---------------------------------------------------------------------------
# English dialogs
# ---------------------------------------------------------------------------

def dialog_en1():
    # Payments platform team, London: card ledger Oracle -> Postgres.
    blocks = [
        ([], [(
            "Morning. I'm the engineering lead for the payments platform team at Brightwell, card acquiring, London office. We're partway through moving the card ledger off Oracle onto Postgres, and there's a fraud vendor trial, on-call and a hiring loop running alongside. I'll use you as a scratchpad for the next few weeks if that's alright. First ask: a structure for a weekly status note I can paste into Confluence.",
            "Sounds good. A structure that stays readable as the weeks pile up:\n\n1. Headline: one line with an overall RAG status.\n2. Ledger migration: done this week, next week, risks.\n3. Fraud vendor trial: what was tested, results so far, decision date.\n4. On-call: pages, incidents, follow-ups with owners.\n5. Hiring: loops this week, offers out, gaps in the pipeline.\n\nKeep each section to three bullets and put anything that needs a leadership decision in bold at the very top.")]),
        (["name"], [(
            "Writing owners down while I remember. Ledger schema and dual-writes: me and Priya. Reconciliation cut-over, i.e. switching the nightly recon from Oracle to the new ledger, is Tomasz Wiśniewski. He wrote most of the recon jobs so it was the obvious call. Settlement files stay with ops engineering.",
            "Got it:\n- Ledger schema and dual-writes: you and Priya\n- Reconciliation cut-over: Tomasz Wiśniewski\n- Settlement files: ops engineering\n\nIf it helps, I can keep this owner list and re-post it whenever something shifts.")]),
        (["number"], [(
            "Product want an SLO on the authorisation API before we move it across. Current proposal from the SRE side is p99 under 300 ms, measured at our load balancer, not end to end. Sane for card auth?",
            "It's a sensible starting point. The schemes give the whole authorisation round trip a few seconds, so 300 ms at p99 for your own hop leaves room for the network and issuer legs. Two suggestions: measure it over a 28-day window so one bad evening doesn't dominate, and track p50 next to it so you notice drift before the tail moves.")]),
        (["decision"], [(
            "Fraud side: we've kicked off a 30-day trial with Fraudlytics for transaction scoring. Sandbox keys arrived this morning, shadow scoring on 10% of traffic from next week.",
            "Nice. Before shadow traffic starts I'd pin down exit criteria so the decision at the end isn't vibes: false-positive rate at your current approval rate, latency added to the auth path, how explainable the scores are for the ops team, and how quickly their support answers when something looks off. Want a one-page trial scorecard?")]),
        ([], [(
            "Yes please, the scorecard.",
            "Trial scorecard, fraud scoring vendor\n\n1. Detection: fraud caught vs. current rules at the same approval rate.\n2. False positives: good customers declined per 10,000 transactions.\n3. Latency: added p99 on the auth path.\n4. Explainability: can an analyst see why a score is high?\n5. Operations: support response times, incident comms, sandbox parity with production.\n6. Commercials: price per 1,000 scores, minimum commitment, exit terms.\n\nScore each 1 to 5 with a sentence of evidence. Anything under 3 on rows 2 or 3 is a blocker.")]),
        (["date"], [(
            "Diary item: the QSA is on site for our PCI DSS assessment on 14 November, two days. They've asked for updated cardholder data flow diagrams beforehand, which now have to show both ledgers.",
            "Noted: PCI DSS on-site assessment starting 14 November, two days. For the diagrams I'd show the dual-write period explicitly: which system is authoritative, where card numbers get tokenised, and where the recon job reads from. Assessors tend to dig into transitional states, so having them drawn saves a round of questions.")]),
        ([], [(
            "Also the Black Friday change freeze runs 21 November to 2 December this year, so whatever we ship on the ledger has to land before the 21st.",
            "So the practical deadline for ledger changes is 20 November, with the assessment the week before. That's tight. I'd schedule the last risky change early in that week so there's time to roll back before the freeze starts.")]),
        ([], [(
            "Rough night. Paged at 02:40 for a webhook backlog, the settlement notifications queue hit 90k messages. Tomasz spotted that a consumer deploy had halved the concurrency setting. Rolled back, drained in about 25 minutes.",
            "Ugh, sorry. Good catch by Tomasz. For the follow-up I'd capture: why a concurrency change shipped without anyone noticing in review, whether the queue-depth alert fired early enough (90k is a lot before paging), and whether consumer config can be validated at deploy time. Want me to draft the incident summary?")]),
        (["reason"], [(
            "Arch review outcome: after cut-over the Oracle ledger stays up read-only for 120 days instead of being switched off straight away. The reason is chargebacks. A dispute can arrive up to 120 days after the original transaction and the disputes team need the original records to hand while we're still proving the new ledger.",
            "That's a solid reason. Chargebacks are exactly where you want the untouched original record, and 120 days lines up with the usual dispute window. Worth agreeing now who can still query the read-only instance and how that access is logged, because the assessor may well ask.")]),
        (["number"], [(
            "Load test on the new auth path came back this afternoon: p99 of 190 ms at twice last year's Black Friday peak. SRE want to lock that in, so the SLO is now p99 under 250 ms. Priya's updating the dashboards and alert thresholds.",
            "Great result. With 190 ms observed at 2x peak, a 250 ms target still leaves about 60 ms of headroom for noisy neighbours and the odd slow query. I'd page on error-budget burn rate rather than on the raw threshold, so a short spike doesn't wake anyone up.")]),
        ([], [(
            "Hiring: senior backend loop on Thursday. Candidate's called Jonah, strong on Kotlin, light on payments. Can you suggest a domain question that's fair for someone new to cards?",
            "Try a design question that needs no card jargon: 'Design a service that accepts payment requests and guarantees each one is executed at most once, even if the client retries and our own service restarts mid-request.' It tests idempotency, storage choices and failure thinking. If they do well, add a twist: the downstream processor times out but may have succeeded.")]),
        (["decision"], [(
            "Fraudlytics trial is done and honestly it was a letdown. False positives on UK debit were roughly three times what they'd promised, and support took four days to answer a sandbox question. We're signing with Kestrel Risk instead; the contract went to procurement today.",
            "Sounds like the scorecard did its job, since false positives and support responsiveness were both blockers. For Kestrel I'd get the same criteria into the contract as service levels: added latency on the auth path and a support response time. Want a checklist for the procurement review?")]),
        (["name"], [(
            "News: Tomasz's baby arrived early, so he's on paternity leave from today. Aisha Okafor is picking up the reconciliation cut-over. She's been pairing with him on the recon jobs for a month, so it's a decent handover.",
            "Congratulations to the family! That's about the best handover you could hope for at short notice. I'd still ask for a short written note: open recon discrepancies, the state of the cut-over runbook, and which settlement files still read from Oracle. Owner list updated: reconciliation cut-over is now Aisha Okafor.")]),
        (["name", "number", "decision", "date"], [(
            "Can you draft this week's status note from what you know? Keep it short.",
            "Weekly status, payments platform\n\nHeadline: Amber. Ledger migration on track; change freeze starts 21 November.\n\n- Ledger migration: dual-writes stable; reconciliation cut-over owned by Aisha Okafor.\n- Fraud scoring: contract with Kestrel Risk in procurement.\n- Auth API: SLO set at p99 under 250 ms after the load test.\n- Compliance: PCI DSS on-site assessment 14 November, diagrams in progress.\n- On-call: one page (webhook backlog), follow-ups raised.\n- Hiring: senior backend loop on Thursday.")]),
    ]
    questions = [
        Q("name", "Who's handling the reconciliation cut-over now?",
          ["Aisha", "Aisha Okafor", "Okafor"],
          ["Tomasz Wiśniewski", "Tomasz", "Wiśniewski"]),
        Q("number", "What's the p99 latency target for the auth API at the moment?",
          ["250 ms", "250ms", "250 milliseconds"],
          ["300 ms"]),
        Q("date", "When is the QSA coming on site for the PCI assessment?",
          ["14 November", "November 14", "14th November", "November 14th", "14 Nov", "Nov 14", "14/11"]),
        Q("decision", "Which fraud-scoring vendor did we end up going with?",
          ["Kestrel Risk", "Kestrel"],
          ["Fraudlytics"]),
        Q("reason", "Remind me why we're keeping the old Oracle ledger running read-only after the cut-over?",
          ["chargebacks", "chargeback", "dispute window"]),
    ]
    ctx = {"comps": ["payouts-api", "auth-gateway", "ledger-writer", "settlement-files", "webhooks"],
           "prefix": "PAY"}
    return {"id": "b12-en-1", "lang": "en", "n": 254, "ctx": ctx, "blocks": blocks, "questions": questions}


def dialog_en2():
    # Game studio backend: Season 4 release train + matchmaking onto Kubernetes.
    blocks = [
        ([], [(
            "Hey! I run backend at Ironbark, we make Stormline, the four-player co-op shooter. Season 4 ships in spring and at the same time we're moving matchmaking and game-server hosting onto Kubernetes, which is either brave or dumb. Mind if I keep notes with you as we go?",
            "Not at all. A season launch plus an infrastructure move is exactly when notes save you. Tell me the moving parts as they come up and I'll keep track of owners, dates and numbers, and flag anything that starts to collide.")]),
        (["name"], [(
            "Release train basics: Marcus Bell is release captain for Season 4. He owns go/no-go, the cert submission checklist and the comms to the community team.",
            "Noted: Marcus Bell is release captain for Season 4, covering go/no-go, the cert checklist and community comms. Do you also want a named deputy? Release captains have a habit of getting flu in submission week.")]),
        (["date"], [(
            "Ha, true. No deputy yet. Code freeze for S4 is March 6th; after that it's cert fixes only.",
            "So: code freeze March 6, cert fixes only afterwards. I'd also put a soft freeze on risky backend changes a week earlier, because the matchmaking move is exactly the kind of thing that spawns late fixes.")]),
        (["number"], [(
            "Load test target for the new matchmaker: hold 180k concurrent players with p95 time-to-match under 45 seconds. Season 3 launch peaked at about 120k, so that's a healthy margin.",
            "That's 50% over last launch's peak, a reasonable margin. I'd test the ramp as well as the plateau: launch traffic arrives as a spike the moment the patch goes live, and matchmakers usually fall over during the surge rather than at steady state.")]),
        ([], [(
            "Overnight page: the party service leaked Redis connections after a deploy, hit maxclients, and people couldn't form squads for about 20 minutes. We rolled back. Follow-ups?",
            "I'd capture: 1) why staging didn't catch the leak, probably too little connection churn there; 2) an alert on Redis connected clients as a share of maxclients, say at 80%; 3) client-side pool limits so one service can't starve the rest; 4) a canary step that watches connection count, not just error rate.")]),
        (["decision"], [(
            "Spent the morning in a room about game-server allocation. Decision: Agones on GKE. We're not rolling our own allocator. Open Match stays for the actual matchmaking logic.",
            "That split makes sense: Open Match decides who plays together, Agones decides where the match runs and manages the server lifecycle. Decide early how you'll pre-warm the fleet before launch; the buffer settings on the fleet autoscaler are usually the first thing teams end up tuning.")]),
        (["reason"], [(
            "Design call for launch week: skill-based matchmaking gets relaxed, much wider skill bands for the first seven days. Reason is the queue times we had in S3 launch week. APAC players were waiting four-plus minutes at night and Sydney nearly rioted on Reddit.",
            "Relaxing the bands is a pragmatic fix; long queue times cost you more players than a few lopsided matches. I'd ship it as a server-side config so you can tighten bands per region without a client patch, and track match-quality metrics so you know when to turn it back.")]),
        ([], [(
            "We're hiring another backend engineer. Can you give me four bullet points about the role for the job ad? Live service, Go and some C#, on-call shared across the team.",
            "- Build and run the online services behind a live co-op shooter: matchmaking, parties, inventory and progression.\n- Write mostly Go, with some C# where services meet the game client.\n- Own what you ship: dashboards, alerts and a fair, shared on-call rotation.\n- Work closely with designers and live-ops to get new seasons out without drama.")]),
        (["name"], [
            ("Can you draft the go/no-go checklist message for the S4 channel? Short, bullet points.",
             "Sure. One question first so it goes out under the right name: is Marcus still fronting it as release captain, or has that changed?"),
            ("Good catch. Marcus moved over to the engine team on Monday; Lena Virtanen is release captain now, so put it under her name.",
             "Here's the draft:\n\nSeason 4 go/no-go, owner: Lena Virtanen (release captain)\n- Build: release candidate tagged, all P0/P1 bugs closed or waived\n- Cert: submission checklist complete for both console platforms\n- Backend: matchmaker load test passed, rollback plan reviewed\n- Live ops: launch-day on-call roster confirmed\n- Comms: patch notes approved by the community team\n\nPlease reply in thread with GO or NO-GO for your area by end of day."),
        ]),
        (["date"], [(
            "Calendar fix: freeze is the 6th... no wait, that's the old plan. Platform cert got pushed, so the freeze moved to March 20. Submission is the week after.",
            "Updated: code freeze March 20, submission the following week. That gives the matchmaking migration two extra weeks, which is good news. I'd spend them on a second full-scale load test rather than on new features.")]),
        ([], [(
            "Lena wants to know if we should do a staged rollout by region on launch day. Thoughts?",
            "Yes, if the client and backend can tolerate mixed versions for a few hours. Start with a region that has lower traffic at that hour, watch crash rate, login success and time-to-match for an hour, then widen. Write down the stop conditions before launch day, so nobody has to invent them at the time.")]),
        (["number"], [(
            "First full-scale test: the matchmaker held 180k for an hour, but time-to-match crept up to 52 seconds in EU-West. Tuning ticket pools next.",
            "Holding the full 180k for an hour is the hard part, so that's a good sign. For EU-West I'd look at how tickets are bucketed: if one pool gets most of the players, its match function runs on a huge set each cycle. Splitting pools by region and skill band usually brings time-to-match back down.")]),
    ]
    questions = [
        Q("name", "Who's the release captain for Season 4?",
          ["Lena Virtanen", "Lena", "Virtanen"],
          ["Marcus Bell", "Marcus"]),
        Q("number", "How many concurrent players are we load-testing the new matchmaker for?",
          ["180k", "180,000", "180 000", "180 thousand"]),
        Q("date", "When's the Season 4 code freeze?",
          ["March 20", "20 March", "March 20th", "20th March", "Mar 20", "20 Mar"],
          ["March 6th", "March 6"]),
        Q("decision", "What did we pick for game-server allocation?",
          ["Agones"]),
        Q("reason", "Why are we relaxing skill-based matchmaking in launch week?",
          ["queue times", "queue time", "long queues"]),
    ]
    ctx = {"comps": ["party-service", "matchmaker", "inventory", "telemetry-ingest", "login"],
           "prefix": "STRM"}
    return {"id": "b12-en-2", "lang": "en", "n": 176, "ctx": ctx, "blocks": blocks, "questions": questions}


def dialog_en3():
    # Health-tech platform team, Dublin: self-managed Kafka -> Amazon MSK.
    blocks = [
        ([], [(
            "Hi, I lead the platform team at Medlane in Dublin; we run appointment booking and e-prescriptions for clinics. This quarter: moving off our self-managed Kafka onto Amazon MSK, picking an observability vendor, and hiring an SRE. Starting small: MSK provisioned vs MSK Serverless, in two sentences?",
            "Provisioned MSK gives you brokers you size and pay for by the hour, with full control over instance types, storage and most broker settings. Serverless removes capacity planning and bills by throughput and partitions, but with tighter limits on partitions, retention and configuration, so it suits spiky workloads better than a steady, partition-heavy platform like yours.")]),
        (["number"], [(
            "Makes sense, we're going provisioned. Sizing plan: 6 brokers across three AZs on m7g.xlarge, replication factor 3, min.insync.replicas 2.",
            "Six brokers over three AZs gives you two per AZ, which fits nicely with RF 3 and min ISR 2: you can lose a whole AZ and keep accepting writes. Keep an eye on per-broker partition counts; the booking-events topic sounds like it could dominate.")]),
        (["decision"], [(
            "Observability: we've started a two-week trial with Lumenstack for traces and logs. Their agent went onto the staging cluster today.",
            "Two weeks is short, so I'd focus it. Pick three real questions your on-call people had to answer in recent incidents and time how long each takes in Lumenstack. And get an ingest estimate from staging volumes early, because log pricing is where observability bills surprise people.")]),
        (["date"], [(
            "Cut-over to MSK is booked for Tuesday 8 October, 06:00 Dublin time, before the clinics open.",
            "Noted: MSK cut-over on 8 October at 06:00 Dublin time. Ireland is still on summer time then, so that's 05:00 UTC. Early morning makes sense for clinic traffic. Want a runbook skeleton?")]),
        ([], [(
            "Yes, skeleton please.",
            "Cut-over runbook skeleton\n\n1. T-7 days: freeze topic and ACL changes; confirm client configs are templated.\n2. T-1 day: replication lag under a minute for all mirrored topics; rollback rehearsed in staging.\n3. T-0: stop producers in order, wait for lag to reach zero, switch bootstrap servers, start consumers, then producers.\n4. Verification: end-to-end booking test, consumer lag dashboards, error rates for 30 minutes.\n5. Rollback criteria: written down in advance, with one named person who makes the call.")]),
        (["name"], [(
            "SRE loop update. Three finalists: Callum struggled in the systems design round, Ngozi withdrew because she took another offer, and Rhiannon Price was strong across the board. We're making Rhiannon an offer today.",
            "Fingers crossed. If the offer's competitive, move fast, because good SRE candidates rarely sit on the market for long. A short personal note from you alongside the formal offer helps more than people expect.")]),
        (["reason"], [(
            "Bad news: the MSK cut-over is slipping. Schema registry migration isn't done, about 40 subjects still fail compatibility checks against the new registry. New date will be roughly two weeks later; confirming with the clinics.",
            "Understood, the slip is down to the schema registry work. While you confirm with the clinics, I'd triage those 40 subjects: how many are genuinely incompatible changes, and how many are stale schemas that nothing produces to any more? The second group can often just be deleted.")]),
        (["date"], [(
            "Confirmed with the clinics: the cut-over isn't 8 October any more, it's 22 October, same 06:00 slot.",
            "Got it: MSK cut-over on 22 October at 06:00. Ireland is still on summer time that day (the clocks go back on the 27th), so it's 05:00 UTC again. I've updated the runbook timeline.")]),
        (["name"], [(
            "Rhiannon accepted! Starts 6 January. Can you draft a short welcome message for the team channel?",
            "Here you go:\n\n'Big news: Rhiannon Price is joining us as an SRE on 6 January! She's coming with lots of Kubernetes and incident-response experience. Please say hello, and if you own a service, expect her to come asking good questions about it.'")]),
        (["number"], [(
            "Long one, sorry. (1) Laptop and access requests for the new SRE are in. (2) MSK: after the soak test we're going to 9 brokers, not six. The booking-events topic pushed per-broker throughput too close to the limit on m7g.xlarge and we'd rather scale out than up. (3) Can you remind me how to list consumer groups with lag from the Kafka CLI?",
            "(2) 9 brokers keeps the layout even, three per AZ, so your AZ-failure story doesn't change. Remember to reassign partitions after adding brokers; new brokers don't take over existing partitions by themselves.\n(3) kafka-consumer-groups.sh --bootstrap-server BROKER:9092 --describe --all-groups shows lag per partition in the LAG column (the sixth); pipe it through sort -k6 -n to find the worst. With IAM auth on MSK, add --command-config pointing at your client properties file.")]),
        (["decision"], [(
            "Lumenstack trial wrapped. The query language was genuinely nice, but at our log volume the per-GB ingest pricing came out at around three times our budget. We're going with Grafana Cloud. We already run Grafana dashboards internally, so nobody has to relearn anything.",
            "Sensible, familiarity matters a lot at 3am. With Grafana Cloud, plan the log side carefully: agree label conventions early and drop debug logs at the agent, because log costs scale with ingest there too. Their adaptive metrics feature can also trim cardinality you're paying for but never query.")]),
        (["reason"], [(
            "Correction to what I told you about the slip, for the record: the schema registry migration actually finished last Friday. The real reason we can't go before the 22nd is the hospital group's change advisory board. They only meet fortnightly and won't approve anything touching e-prescriptions without a CAB slot.",
            "Thanks, notes corrected: the date is driven by the change advisory board's fortnightly cadence, not by the registry work. It'd be worth asking their CAB secretary for the next two meeting dates now, so a second slip can't catch you out.")]),
        ([], [(
            "Planning Rhiannon's first two weeks. She'll shadow on-call in week two. What should week one look like?",
            "Week one: laptop and access sorted on day one; an architecture walkthrough from you; a read through the last three incident reports; pairing with whoever owns the MSK migration; and one small, real change shipped by Friday, even if it's a dashboard tweak. Shipping something in week one does wonders for confidence.")]),
        ([], [(
            "Our CTO wants a one-paragraph risk summary for the MSK move. Draft?",
            "'The main risks in the MSK migration are client misconfiguration at cut-over, partition rebalancing after the cluster was resized, and the approval cadence of our customers' change boards, which limits when we can move. Mitigations: templated client configs tested in staging, a rehearsed rollback with a named decision-maker, and cut-over windows agreed with clinics well in advance.'")]),
    ]
    questions = [
        Q("name", "Which SRE candidate accepted our offer?",
          ["Rhiannon", "Rhiannon Price"]),
        Q("number", "How many brokers will the MSK cluster have?",
          ["9 brokers", "nine brokers"],
          ["6 brokers", "six brokers"]),
        Q("date", "When is the MSK cut-over now?",
          ["22 October", "October 22", "22nd October", "October 22nd", "Oct 22", "22 Oct"],
          ["8 October"]),
        Q("decision", "Which observability vendor did we pick?",
          ["Grafana Cloud"],
          ["Lumenstack"]),
        Q("reason", "Why did the MSK cut-over get pushed back?",
          ["change advisory board", "CAB"],
          ["schema registry"]),
    ]
    ctx = {"comps": ["booking-api", "rx-gateway", "notifications", "clinic-sync", "audit-log"],
           "prefix": "PLAT"}
    return {"id": "b12-en-3", "lang": "en", "n": 384, "ctx": ctx, "blocks": blocks, "questions": questions}


def dialog_en4():
    # Ed-tech platform, Seattle: Heroku -> AWS, on-call rota.
    blocks = [
        ([], [(
            "hey. platform lead at Quillpath here, homework and grading platform for schools, based in Seattle. We're finally leaving Heroku for AWS, and I also run the on-call schedule, so expect a mix of both. Plus random stuff, I'm a chronic asker of small questions.",
            "Ask away, small questions included. For the migration and the rota, tell me dates, owners and numbers as they firm up and I'll keep a running picture and flag clashes. School calendars have a way of colliding with cut-over plans.")]),
        (["decision"], [(
            "Container platform decided after two weeks of arguing: ECS on Fargate. EKS is off the table for now. We're four people and nobody wants to babysit a cluster.",
            "For a team of four that's a very defensible call. Fargate takes node patching and capacity planning off your plate; the trade-offs are less control over the host and a somewhat higher price per vCPU. Worth settling early: one cluster per environment, service discovery via internal load balancers or Cloud Map, and how you'll run one-off tasks such as database migrations.")]),
        (["number"], [(
            "Finance signed off the AWS budget: a $42,000 a month cap for the first two quarters, Savings Plan commitment included.",
            "Noted: $42,000 per month cap, Savings Plan included. I'd set AWS Budgets alerts at 50%, 80% and 100% of that, and tag everything by service from day one so you can see which part of the platform eats the money.")]),
        (["date"], [(
            "Target cut-over from Heroku: February 3rd, a Monday night, after the evening homework peak.",
            "Got it: cut-over planned for the night of February 3. Late evening Pacific after homework time makes sense. Just check it doesn't collide with a district's exam week or report card deadline.")]),
        (["name"], [(
            "On-call for Thanksgiving week: Devin primary, Sam secondary.",
            "Noted: Thanksgiving week, Devin primary and Sam secondary. I'd make sure the handover happens before Wednesday, since half the company will be travelling by then.")]),
        ([], [(
            "Fun one today: Heroku router H12 timeouts spiked for 15 minutes during the Monday homework rush. Turned out to be a slow query on the submissions table.",
            "H12 means the router gave up after 30 seconds without a response, so a slow query holding dynos is the classic cause. Follow-ups: add the missing index (check it with EXPLAIN ANALYZE on a production-sized copy), set a statement timeout below 30 seconds so the app fails fast instead of piling up, and alert on p95 latency for that endpoint before the router starts timing out.")]),
        (["name"], [(
            "Rota change: Devin asked to swap out of Thanksgiving week, he's getting married that Saturday, which, fair. Marisol Reyes is taking primary instead, and Devin covers her week in December.",
            "Congratulations to him! Updated: Thanksgiving week primary is now Marisol Reyes, Sam stays secondary. I'd announce the swap in the on-call channel and set the PagerDuty overrides now, so nobody gets paged on the wrong phone.")]),
        ([], [(
            "Sam wants to know how we'll handle secrets once we're off Heroku config vars. Options?",
            "Two common ones on AWS: Secrets Manager, which handles rotation and costs a little per secret per month, or SSM Parameter Store with SecureString, which is cheaper and fine for static values. Either way, have the task definitions reference secrets by ARN so values never land in your repo or in the task definition itself.")]),
        (["date", "reason"], [(
            "Change of plan on dates. Legal found that our Heroku Enterprise contract auto-renews on February 1 for a full year unless we've left, so the cut-over is moving up. New target is January 27, same Monday-night slot.",
            "That's a good reason to move: an annual renewal would be an expensive way to miss by a few days. January 27 still leaves a few days of buffer before February 1. I'd use them for a rehearsal with production-sized data, and keep Heroku up read-only for rollback until the 31st.")]),
        ([], [(
            "Marisol asked for a cheat sheet for the Heroku side in case something breaks over Thanksgiving. What should be on it?",
            "Keep it to one page: how to check dyno status and restart a single dyno; how to roll back a release (heroku releases, then heroku rollback); where logs and metrics live; how to scale web dynos up quickly; the Postgres dashboard link; and who to call for which problem. Add the top three alerts you've seen this term with one line each on what they usually mean.")]),
        ([], [(
            "How do I run a one-off database migration on ECS Fargate before a deploy?",
            "Run it as a standalone task using the same task definition as the app with a command override: aws ecs run-task --cluster CLUSTER --launch-type FARGATE --task-definition APP --network-configuration with your subnets and security group, and an --overrides JSON that sets the container command to your migrate script. In CI, wait for the task to stop and check its exit code before rolling the service.")]),
    ]
    questions = [
        Q("name", "Who's primary on-call for Thanksgiving week?",
          ["Marisol", "Marisol Reyes", "Reyes"],
          ["Devin"]),
        Q("number", "What's our monthly AWS budget cap?",
          ["$42,000", "42,000", "$42k", "42k", "42 thousand"]),
        Q("date", "When are we cutting over from Heroku?",
          ["January 27", "Jan 27", "27 January", "January 27th", "27th January", "1/27"],
          ["February 3rd", "February 3"]),
        Q("decision", "What container platform did we settle on in AWS?",
          ["ECS on Fargate", "Fargate", "ECS"]),
        Q("reason", "Why did we pull the Heroku cut-over forward?",
          ["auto-renews", "auto-renewal", "renews", "renewal", "contract renewal"]),
    ]
    ctx = {"comps": ["submissions-api", "grader-worker", "roster-sync", "auth", "notifications"],
           "prefix": "QP"}
    return {"id": "b12-en-4", "lang": "en", "n": 318, "ctx": ctx, "blocks": blocks, "questions": questions}


# ---------------------------------------------------------------------------
# Russian filler
# ---------------------------------------------------------------------------

RU_CONCEPT_ASK = [
    "Объясни в двух-трёх предложениях: @TOPIC.",
    "Быстрый вопрос — @TOPIC, простыми словами?",
    "На созвоне спросили про такую штуку — @TOPIC, а я поплыл. Объяснишь коротко?",
    "Напомни, пожалуйста: @TOPIC — это про что?",
    "Расскажи за минуту: @TOPIC.",
    "Джун спросил меня про такую вещь — @TOPIC. Как объяснить попроще?",
]

RU_CONCEPTS = [
    ("разница между p95 и p99",
     "p95 — это задержка, в которую укладываются 95% запросов, p99 — 99%. Разрыв между ними показывает, насколько тяжёлый у тебя «хвост»: если p99 сильно больше p95, значит, небольшая доля запросов во что-то упирается — холодный кеш, ретраи, долгие паузы GC."),
    ("ключи идемпотентности",
     "Клиент отправляет с запросом уникальный ключ, а сервер сохраняет его вместе с результатом первой попытки. Если запрос с тем же ключом придёт снова, сервер вернёт сохранённый результат и не выполнит операцию второй раз. Именно это спасает от двойного списания при ретраях."),
    ("circuit breaker",
     "Это обёртка вокруг вызовов зависимости, которая считает ошибки. Когда ошибок слишком много, она «размыкается» и какое-то время сразу отдаёт ошибку, не дёргая зависимость, потом пропускает пару пробных запросов и, если они прошли, замыкается обратно. Так медленный сосед не утаскивает за собой весь сервис."),
    ("бюджет ошибок",
     "Если SLO — 99,9% успешных запросов, то оставшиеся 0,1% и есть бюджет ошибок: сколько сбоев можно себе позволить за период. Пока бюджет есть — спокойно выкатываем фичи, кончился — приоритет у надёжности. Спор «достаточно ли надёжно?» превращается в число."),
    ("blue-green против канареечных релизов",
     "При blue-green у тебя два одинаковых окружения, и трафик переключается со старого на новое целиком, а откат — это просто переключение обратно. При канареечном релизе новая версия сначала получает маленькую долю трафика (1%, 5%, 25%…), и ты смотришь на метрики. Первое быстрее откатывать, второе ограничивает радиус поражения."),
    ("backpressure",
     "Это когда перегруженный потребитель говорит источнику «притормози», а не копит молча очередь в памяти. Типичные формы — ограниченные очереди, которые блокируют запись, или ответ HTTP 429. Без backpressure перегрузка превращается в OOM или лавину таймаутов."),
    ("консистентное хеширование",
     "Способ раскладывать ключи по узлам так, чтобы при добавлении или удалении узла переезжала лишь небольшая часть ключей, а не почти все, как при hash mod N. Узлы и ключи лежат на «кольце», ключ принадлежит ближайшему узлу по часовой стрелке, а виртуальные узлы выравнивают распределение."),
    ("WAL, журнал упреждающей записи",
     "База сначала дописывает изменение в последовательный журнал на диске и только потом меняет страницы с данными. Если сервер упал, при старте журнал проигрывается, и ничего подтверждённого не теряется. Тот же журнал используется для репликации."),
    ("MVCC в Postgres",
     "Каждое изменение создаёт новую версию строки, а старая живёт, пока её могут видеть другие транзакции. Поэтому читатели не блокируют писателей и наоборот. Обратная сторона — мёртвые версии строк, которые должен вычищать VACUUM."),
    ("rate limiting через token bucket",
     "В «ведро» с постоянной скоростью капают токены, каждый запрос забирает один. Токенов нет — запрос отклоняется или ждёт. Размер ведра задаёт допустимый всплеск, скорость пополнения — средний лимит."),
    ("разница между SLI, SLO и SLA",
     "SLI — сама метрика, например доля успешных запросов. SLO — внутренняя цель по ней, скажем 99,9% за 30 дней. SLA — обещание клиенту с последствиями, обычно денежными, и оно всегда мягче SLO, чтобы был запас."),
    ("фильтр Блума",
     "Компактная вероятностная структура, которая на вопрос «есть ли элемент в множестве» отвечает «точно нет» или «возможно, да». Ложноположительные ответы бывают, ложноотрицательных — нет. Базы используют его, чтобы не ходить на диск за ключами, которых заведомо нет."),
    ("at-least-once против exactly-once",
     "At-least-once — сообщение точно доставят, но, возможно, несколько раз, поэтому обработчик должен быть идемпотентным. Exactly-once на практике почти всегда означает at-least-once плюс дедупликацию или запись результата вместе со смещением в одной транзакции."),
    ("eventual consistency",
     "Согласованность в конечном счёте: сразу после записи реплики какое-то время могут отдавать разное, но если новых записей нет, все они сойдутся к одному значению. Отсюда классическое «только что сохранил, а в списке ещё нет»."),
    ("проблема thundering herd",
     "Это когда множество клиентов одновременно просыпаются и бьют в один ресурс — например, сразу после истечения популярного ключа в кеше или после рестарта сервиса. Лечится джиттером, тем, что пересчитывать ключ идёт только один запрос, и постепенным прогревом."),
    ("паттерн «сага»",
     "Длинная бизнес-операция разбивается на цепочку локальных транзакций в разных сервисах, и у каждого шага есть компенсирующее действие. Упал третий шаг — выполняются компенсации для второго и первого. Это замена распределённой транзакции там, где 2PC неприменим."),
    ("долг по фичефлагам",
     "Каждый флаг — это ветка в коде, которую надо тестировать в обоих положениях. Флаги, которые никто не удалил после раскатки, копятся, запутывают код и иногда стреляют, когда кто-то случайно переключает древний флаг. Помогают дата удаления в описании флага и регулярная чистка."),
    ("CQRS",
     "Разделение модели записи и модели чтения: команды меняют состояние через одну модель, а запросы читают из другой, заточенной под выборки — часто денормализованной и обновляемой асинхронно. Имеет смысл, когда чтение и запись сильно отличаются по форме и нагрузке."),
    ("mTLS",
     "Взаимный TLS: не только клиент проверяет сертификат сервера, но и сервер — сертификат клиента. Так сервисы внутри сети аутентифицируют друг друга криптографически, а не по IP. Сертификаты обычно выпускает и ротирует service mesh или внутренний центр сертификации."),
    ("toil в терминах SRE",
     "Ручная повторяющаяся операционная работа, которая растёт вместе с сервисом и не оставляет долгосрочной пользы: перезапуски руками, ручные выкатки, разбор одних и тех же алертов. В SRE принято ограничивать её долю и планомерно автоматизировать."),
    ("transaction pooling в PgBouncer",
     "Соединение с базой выдаётся клиенту только на время транзакции и потом возвращается в пул, так что сотни клиентов обслуживаются десятками соединений. Но всё, что живёт дольше транзакции — сессионные SET, advisory-блокировки, — работать надёжно перестаёт."),
    ("split brain",
     "Ситуация, когда кластер разваливается на части и в каждой появляется свой лидер, принимающий записи. После восстановления связи данные расходятся. Защита — кворум, когда решения принимает только большинство, и fencing старого лидера."),
    ("dead letter queue",
     "Отдельная очередь, куда попадают сообщения, которые не удалось обработать после нескольких попыток. Одно «ядовитое» сообщение не блокирует весь поток, а разобрать его можно потом руками. Главное — мониторить её размер, иначе туда тихо утекают данные."),
    ("джиттер в ретраях",
     "Случайная добавка к паузе между повторными попытками. Без неё все клиенты, упавшие одновременно, и повторяют одновременно, снова укладывая только что поднявшийся сервис. С джиттером повторы размазываются по времени."),
]

RU_REGEX_ASK = [
    "Регулярка для такого: @DESC?",
    "Напиши регулярку, которая ловит @DESC.",
    "Нужна быстрая регулярка: @DESC.",
]
RU_REGEX_ANS = [
    "Попробуй так:\n\n@RX\n\n@NOTE",
    "@RX\n\n@NOTE",
    "Примерно так:\n@RX\n@NOTE",
]
RU_REGEX = [
    ("номера задач вида OPS-1234", r"\b[A-Z][A-Z0-9]+-[0-9]+\b",
     "Ключ проекта латиницей, дефис и номер. Границы слова не дают зацепиться за кусок более длинного токена."),
    ("даты вида 2024-03-15", r"^[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]$",
     "Проверяется форма и грубые диапазоны, а не существование даты — это лучше оставить парсеру."),
    ("строки лога с ERROR или FATAL, но без healthcheck", r"^(?!.*healthcheck).*\b(ERROR|FATAL)\b",
     "Негативный просмотр вперёд в начале отбрасывает строки с healthcheck целиком."),
    ("пробелы в конце строки", r"[ \t]+$",
     "Включи многострочный режим и замени совпадения на пустую строку."),
    ("версии вида 2.14.3, можно с хвостом вроде -rc.1", r"^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$",
     "Если нужны ещё метаданные сборки после плюса, добавь в конце ещё одну необязательную группу."),
    ("российский мобильный номер вида +7 912 345-67-89", r"^\+7 ?9[0-9][0-9] ?[0-9][0-9][0-9]-?[0-9][0-9]-?[0-9][0-9]$",
     "Пробелы и дефисы необязательные. Если номера приходят и с восьмёркой в начале, замени \\+7 на (\\+7|8)."),
    ("госномер машины вида А123ВС 77", r"^[АВЕКМНОРСТУХ][0-9][0-9][0-9][АВЕКМНОРСТУХ][АВЕКМНОРСТУХ] ?[0-9][0-9][0-9]?$",
     "В номерах бывают только буквы, совпадающие по начертанию с латиницей, — они и перечислены. Если номера иногда пишут латиницей, добавь латинские буквы в те же классы."),
    ("хеш в конце имени пода, вроде api-7d9f8c6b5-x2x9q", r"-[a-z0-9]+-[a-z0-9]+$",
     "Замени совпадение на пустую строку — получится имя деплоймента, по нему удобно группировать."),
    ("email для грубого фильтра по логам", r"[^@\s]+@[^@\s]+\.[^@\s]+",
     "Специально нестрогая: для поиска адресов в логах годится, для валидации формы регистрации — нет."),
]

RU_SHELL = [
    ("Как отменить последний коммит, но оставить изменения?",
     "git reset --soft HEAD~1 — коммит исчезнет, изменения останутся в индексе. С --mixed они ещё и уйдут из индекса. Если уже запушил, лучше git revert, чтобы не переписывать общую историю."),
    ("Как в git найти коммит, который добавил определённую строку?",
     "git log -S 'строка' --oneline покажет коммиты, где менялось число вхождений этой строки. Добавь -p, чтобы видеть диффы, или используй -G, если нужен шаблон вместо точной строки."),
    ("Как почистить локальные ветки, которые уже влиты в main?",
     "Находясь на main: git branch --merged main | grep -v ' main$' | xargs -r git branch -d. Флаг -d не удалит ничего невлитого, так что это безопасно."),
    ("Посчитать строки с timeout во всех сжатых логах?",
     "По файлам: zgrep -c 'timeout' app.log.*.gz. Одним числом: zcat app.log.*.gz | grep -c 'timeout'."),
    ("Топ-10 IP в access-логе nginx?",
     "cut -d' ' -f1 access.log | sort | uniq -c | sort -rn | head -10. Если перед nginx стоит балансировщик, проверь, что в первом поле именно клиент, а не он."),
    ("Место на сервере кончается. Как найти файлы больше 500 МБ?",
     "find / -xdev -type f -size +500M -print0 | xargs -0 ls -lh. Для картины по каталогам удобнее du -xh / --max-depth=2 | sort -h | tail -20."),
    ("SQL, чтобы найти дубли email в таблице users?",
     "SELECT email, COUNT(*) AS n FROM users GROUP BY email HAVING COUNT(*) > 1 ORDER BY n DESC; Если разный регистр тоже считается дублем, группируй по lower(email)."),
    ("Как в Postgres посмотреть запросы, которые висят очень долго?",
     "SELECT pid, now() - query_start AS runtime, state, left(query, 80) FROM pg_stat_activity WHERE state <> 'idle' ORDER BY runtime DESC; Дальше pg_cancel_backend(pid) просит вежливо, а pg_terminate_backend(pid) — нет."),
    ("Самые большие таблицы в базе Postgres?",
     "SELECT relname, pg_size_pretty(pg_total_relation_size(relid)) FROM pg_statio_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 10; Общий размер включает индексы и TOAST."),
    ("kubectl: вывести поды не в Running во всех неймспейсах?",
     "kubectl get pods -A --field-selector=status.phase!=Running. Только учти: поды в CrashLoopBackOff часто формально в фазе Running, так что глянь ещё колонку RESTARTS в обычном kubectl get pods -A."),
    ("Как достать логи предыдущего, упавшего контейнера в поде?",
     "kubectl logs ИМЯ_ПОДА --previous, а если контейнеров несколько — ещё -c ИМЯ_КОНТЕЙНЕРА."),
    ("Как из консоли узнать, когда истекает TLS-сертификат на хосте?",
     "openssl s_client -connect example.com:443 -servername example.com </dev/null 2>/dev/null | openssl x509 -noout -enddate — покажет дату notAfter."),
    ("jq: вытащить только имена подов из kubectl get pods -o json?",
     "kubectl get pods -o json | jq -r '.items[].metadata.name'"),
    ("Заархивировать каталог, но без node_modules?",
     "tar czf project.tgz --exclude='node_modules' project/ — шаблон исключения срабатывает на любой глубине."),
    ("Заменить строку во всех yaml-файлах в дереве каталогов?",
     "grep -rl 'old-value' --include='*.yaml' . | xargs sed -i 's/old-value/new-value/g'. На macOS нужен sed -i ''. Сначала закоммить — тогда дифф покажет ровно то, что поменялось."),
    ("Python: отсортировать список словарей по ключу, сначала новые?",
     "sorted(rows, key=lambda r: r['created_at'], reverse=True) или с operator.itemgetter('created_at')."),
    ("Какой процесс слушает порт 8080?",
     "sudo ss -ltnp | grep ':8080' или lsof -iTCP:8080 -sTCP:LISTEN."),
    ("Как перезапускать команду каждые 2 секунды и смотреть вывод?",
     "watch -n 2 'kubectl get pods', а с -d будут подсвечиваться изменения между обновлениями."),
]

RU_SLACK = [
    ("Набросай сообщение в рабочий чат: опаздываю на стендап минут на десять.",
     "«Опаздываю на стендап минут на 10 — начинайте без меня, догоню в треде. Мой апдейт: продолжаю по @COMP, блокеров нет.»"),
    ("Как попросить @N_ACC посмотреть мой PR в @COMP, чтобы не звучало как давление?",
     "«@N_NOM, привет! Когда будет минутка на этой неделе, глянь, пожалуйста, мой PR в @COMP — он небольшой, в основном конфиг и тесты. До завтра не горит, но очень хочется твой взгляд на часть с ретраями.»"),
    ("Хочу публично поблагодарить @N_ACC за помощь с ночным инцидентом. Сформулируешь?",
     "«Огромное спасибо @N_DAT за помощь ночью с @COMP: быстро, спокойно и с отличными заметками в канале инцидента — утром всё читалось с первого раза. 🙏»"),
    ("Короткое объявление: сегодня в @TIME плановые работы, @COMP будет недоступен минут 20.",
     "«Внимание: сегодня в @TIME плановые работы на @COMP, сервис будет недоступен примерно 20 минут. Ничего делать не нужно, напишем здесь, когда всё вернётся.»"),
    ("Как вежливо отказаться от встречи и предложить обсудить асинхронно?",
     "«Спасибо за приглашение! На этой неделе очень плотно — давай попробуем асинхронно? Накидай в треде пару пунктов, что от меня нужно, и я отвечу до конца дня.»"),
    ("Напомни команде заполнить документ передачи дежурства до пятницы. Без занудства.",
     "«Дружеское напоминание: до пятницы допишите, пожалуйста, свои заметки в документ передачи дежурства — открытые инциденты, шумные алерты, всё, что стоит знать следующему. Две минуты сейчас экономят кому-то ночную загадку.»"),
    ("Надо сказать @N_DAT, что дизайн-док отличный, но нужен раздел про откат. Помягче.",
     "«@N_NOM, дизайн-док очень понравился, шаги миграции расписаны супер понятно. Одна просьба до согласования: добавь, пожалуйста, раздел про откат — когда откатываем, как и что будет с данными. Если хочешь, могу подключиться.»"),
    ("Напиши в общий чат, что стейджинг сломан и мы разбираемся.",
     "«Стейджинг сейчас сломан: деплои в @COMP падают. Разбираемся. Пожалуйста, не деплойте на стейджинг, пока мы не напишем здесь, что всё в порядке.»"),
    ("Поздравить @N_ACC с повышением в командном чате.",
     "«@N_NOM, поздравляем с повышением! Абсолютно заслуженно — очень многое в @COMP за этот год держалось на тебе. 🎉»"),
    ("Спросить в чате, кто знает, чьи старые крон-задачи в @COMP.",
     "«Вопрос из раздела археологии: кто-нибудь знает, чьи старые cron-задачи в @COMP? Хочу понять, нужны ли они ещё, прежде чем переносить. Любые наводки приветствуются!»"),
]

RU_WORK = [
    ("Сожми заметки для стендапа: вчера — разбор ретраев в @COMP вместе с @N_INS и ревью двух PR, сегодня — @TICKET и флапающий тест в @COMP, блокеров вроде нет.",
     "Вчера: ретраи в @COMP (с @N_INS), ревью 2 PR.\nСегодня: @TICKET, флапающий тест в @COMP.\nБлокеры: нет."),
    ("Коммит-сообщение для фикса: в @COMP два воркера могли взять одну и ту же задачу.",
     "Fix double-claim race in @COMP job pickup\n\nВыборка и обновление задачи были отдельными запросами, поэтому два воркера могли забрать одну задачу. Теперь задача забирается одним условным UPDATE ... RETURNING, и выигрывает только один воркер."),
    ("Как назвать фичефлаг для новой логики ретраев в @COMP?",
     "Что-нибудь вроде @SLUG_retry_v2 или @SLUG_new_retry_policy: компонент плюс что меняется. И сразу впиши в описание флага дату удаления, иначе он будет жить вечно."),
    ("Что должно быть в ранбуке для алерта по глубине очереди в @COMP?",
     "1) Что значит алерт — одним предложением. 2) Какие дашборды открыть первыми. 3) Частые причины и как каждую подтвердить. 4) Безопасные действия: добавить консьюмеров, притормозить продюсеров. 5) Когда и кому эскалировать. 6) Ссылки на прошлые инциденты."),
    ("Оформи задачу: на дашборде @COMP нет панели с ошибками, заметили только после вопроса @N_GEN.",
     "Заголовок: Добавить панель error rate на дашборд @COMP\nКонтекст: на дашборде есть RPS и задержка, но нет доли ошибок — сбои не видны с первого взгляда (заметили после вопроса @N_GEN).\nКритерии готовности: панель ошибок по классам статусов; ссылка на неё из алерта; дежурный посмотрел и согласен."),
    ("Помоги сформулировать комментарий в ревью: главная функция в @COMP огромная, хочу попросить её разбить, но автор новенький.",
     "«Всё работает, тесты отличные 👍 Одно предложение для читаемости: главная функция делает очень много — может, вынесем валидацию и сохранение в отдельные функции? Могу помочь в паре. Если удобнее — можно отдельным PR, это не блокер.»"),
    ("Завтра 1:1 с @N_INS, в последнее время будто выгорает. С каких вопросов начать?",
     "С открытых и без давления: «Что было самым хорошим и самым тяжёлым за последние пару недель?», «Есть задачи, которые кажутся бессмысленными?», «Что бы ты поменял(а) в том, как мы ведём @COMP?» — а дальше в основном слушать."),
    ("Коротко опиши для @TICKET: @COMP 12 минут отдавал 503 после выкатки конфига, где размер пула соединений стал 1.",
     "@TICKET: @COMP 12 минут отвечал 503 после выкатки конфига с размером пула соединений к БД, равным 1. Конфиг откатили; follow-up — валидировать настройки пула при деплое."),
    ("Что делать первым: @TICKET (техдолг в @COMP) или новый дашборд для дежурных? Есть один вечер.",
     "То, что разблокирует других. Если дашборда не хватает дежурным — он важнее; если из-за @TICKET деплои нестабильны — сначала он: флапающий пайплайн облагает налогом всех."),
    ("Придумай название для дизайн-дока про разделение @COMP на два сервиса.",
     "«Разделение @COMP: мотивация, границы и план миграции» — или короче: «@COMP: предложение по разделению»."),
    ("@N_NOM спрашивает, что значит «бюджет на рутину» в нашем командном уставе. Одной фразой?",
     "Это потолок доли времени команды на повторяющуюся ручную операционку: если превышаем, автоматизация этой работы становится приоритетом."),
    ("Повестка на 30-минутное ревью дизайна @COMP?",
     "1. Контекст и цель (5 мин)\n2. Разбор предлагаемого решения (10 мин)\n3. Открытые вопросы и риски (10 мин)\n4. Решение и владельцы задач (5 мин)\nРазошли документ за день, чтобы на встрече обсуждать, а не читать."),
    ("Что обычно значит connection reset by peer, когда @COMP ходит в базу?",
     "Другая сторона резко закрыла TCP-соединение. Частые причины: простаивающее соединение убил прокси или балансировщик по таймауту, база перезапустилась, или пул выдал соединение, которое умерло, пока лежало без дела. Чаще всего помогает сделать максимальное время простоя в пуле меньше таймаута прокси."),
    ("Грубая оценка: сколько делать курсорную пагинацию для списка в @COMP?",
     "Обычно день-два вместе с тестами: выбрать стабильный ключ сортировки (created_at плюс id для однозначности), упаковать его в непрозрачный курсор, ограничить размер страницы и обновить клиентов. Дольше всего обычно возятся как раз с клиентами."),
    ("@N_NOM хочет в одном PR переименовать половину модулей в @COMP. Как аккуратно возразить?",
     "Предложи разделить переименования и изменения логики: «Чистка — отлично. Давай сначала отдельным PR только переименования? Тогда изменения логики будут маленьким читаемым диффом». Механические PR легко ревьюить, а смешанные прячут баги."),
    ("Как назвать алерт, если доля ошибок @COMP больше 5% в течение 10 минут?",
     "Так, чтобы в названии были симптом и сервис: «@COMP: высокая доля ошибок (больше 5% за 10 мин)». В описание — одну строку о том, что происходит, и ссылку на ранбук, чтобы дежурный сразу знал, с чего начать."),
    ("Напиши короткую передачу дел: завтра меня нет, @TICKET сделан наполовину, ветка запушена, тесты зелёные, кроме одного флапающего в @COMP.",
     "Передача на завтра:\n— @TICKET: сделано примерно наполовину, ветка запушена, тесты зелёные, кроме известного флапающего теста в @COMP.\n— Дальше: оставшиеся краевые случаи из описания задачи.\n— Блокеров нет; если флапающий тест начнёт падать стабильно — писать @N_DAT."),
    ("Нужна вводная для ретро: релиз @COMP доехал, но с двумя откатами. Без поиска виноватых.",
     "«Релиз @COMP доехал, но потребовал двух откатов. Хотим понять, что в процессе позволило проблемам дойти до прода и что поменять в проверках перед выкаткой, — без поиска виноватых.»"),
]

RU_LIFE = [
    ("Стою в пробке уже 40 минут. Чем полезным заняться, пока еду?",
     "Если за рулём — только аудио: подкаст или созвон без экрана. Можно надиктовать план на день голосовой заметкой и разобрать её уже за столом."),
    ("Электричку отменили, следующая через час. Ехать в офис или работать из дома?",
     "Если первая встреча всё равно в зуме — работай из дома, а в офис съездишь завтра. Час на платформе — худший вариант из всех."),
    ("Ребёнку 10 лет нужен проект на школьную научную конференцию. Что-нибудь не про вулкан.",
     "Пара идей: какие бумажные полотенца впитывают больше воды; зависит ли дальность полёта бумажного самолётика от формы крыла; как растёт кресс-салат под плёнкой разного цвета. Везде одна переменная и простое измерение — жюри такое любит."),
    ("Что подарить жене на день рождения, если она любит готовить и не любит лишние вещи?",
     "Лучше впечатления или расходники: мастер-класс по кухне, которую она давно хотела освоить, хорошее оливковое масло или специи из специализированной лавки, ужин в ресторане из её списка. Ничего из этого не будет пылиться на полке."),
    ("Родители приезжают на неделю, а мне работать. Как не чувствовать себя виноватым?",
     "Запланируй один вечер в будни и один выходной вместе, а на остальное время дай им список мест и прогулок. И сразу скажи, когда ты работаешь: родителям обычно спокойнее знать план, чем гадать."),
    ("Собака сгрызла носок, кажется, часть проглотила. Паниковать?",
     "Паниковать не надо, но позвонить ветеринару стоит прямо сейчас: носок может вызвать непроходимость. Следи за рвотой, отказом от еды, вялостью. Вызывать рвоту самому без указания врача не стоит."),
    ("Готовлюсь к полумарафону, бегаю три раза в неделю. Как распределить тренировки?",
     "Одна лёгкая пробежка в разговорном темпе, одна интервальная (например, 5 раз по 1 км быстрее соревновательного темпа с отдыхом 2–3 минуты) и одна длинная, которую каждую неделю удлиняешь примерно на 10%. После интервалов — день отдыха."),
    ("Объясни правило офсайда, чтобы я не позорился перед тестем.",
     "Игрок в офсайде, если в момент паса он на половине соперника и ближе к линии ворот, чем мяч и предпоследний защитник. На одной линии — не офсайд, а с аута, углового и от ворот офсайда не бывает вообще."),
    ("Как нормально спать на дежурстве? Просыпаюсь от каждого звука.",
     "Поставь на алерты отдельный громкий звук, чтобы мозг перестал прислушиваться к остальному, и договорись со вторым дежурным, что он позвонит, если ты не ответишь. Когда доверяешь эскалации, спится заметно лучше."),
    ("Через месяц лечу в отпуск с пересадкой, всегда прилетаю разбитым. Советы?",
     "Сразу в самолёте переходи на время места назначения: спи, когда там ночь, ешь, когда там обед. Больше воды, меньше алкоголя, по прилёте — дневной свет и дневной сон не дольше 20 минут."),
    ("Как вежливо отказаться от дополнительной задачи и не выглядеть лентяем?",
     "Назови цену: «Могу взять, но тогда X сдвинется на следующую неделю — что важнее?» Так решение о приоритете принимает тот, кто просит, а не ты просто отказываешь."),
    ("Сколько варить яйцо всмятку?",
     "Около 6 минут с момента закипания для яйца из холодильника, потом сразу на минуту в холодную воду. Если нужен совсем жидкий желток — 5 минут."),
    ("Сын хочет учиться программировать, ему 12. С чего начать?",
     "Если любит игры и мультики — Scratch. Если хочет «настоящий» код — Python и маленький проект: викторина или текстовый квест. Главное — проект, который интересен ему самому, а не курс ради курса."),
    ("На выходных на дачу или остаться в городе? Обещают дожди.",
     "Если на даче есть дела под крышей — баня, печка, книжка — езжай, дождь даже добавит уюта. Если весь план был про грядки и шашлык, лучше перенести."),
    ("Рецепт сырников, чтобы не расползались?",
     "Творог посуше (влажный отожми через марлю), на 500 г творога одно яйцо, 2–3 ложки муки или манки, щепотка соли, сахар по вкусу. Формируй в муке и жарь на среднем огне под крышкой пару минут с каждой стороны."),
    ("Хоккей сегодня смотреть или спать? Завтра рано вставать.",
     "Спать. Счёт утром узнаешь за десять секунд, а недосып будешь чувствовать весь день. Если матч важный — обзор можно посмотреть в обед."),
    ("Как перестать залезать в рабочий чат за ужином?",
     "Настрой расписание уведомлений, чтобы мессенджер молчал в нерабочее время, и оставляй телефон в другой комнате. Если ты на дежурстве, достучаться до тебя должно только приложение для алертов."),
    ("Стоит ли брать стол для работы стоя?",
     "Главное — менять положение, а не стоять весь день. Если берёшь, чередуй каждые 30–60 минут и купи коврик: стоять неподвижно на жёстком полу тоже вредно."),
    ("Коллега уходит, скидываемся на подарок, бюджет небольшой. Идеи?",
     "Открытка с пожеланиями от всей команды — это то, что хранят годами. К ней что-то небольшое и личное: любимый кофе, растение на новый стол или книга по внутренней шутке команды."),
    ("Хочу нормально подтянуть английский для работы, а не по верхам. С чего начать?",
     "Выбери одну рабочую цель: созвоны, переписка или документация. Для созвонов — разговорный клуб или преподаватель раз в неделю, для переписки — пиши черновики сам и проси правки. Полчаса каждый день дают больше, чем три часа в выходные."),
    ("Обещают морозы под −30, а машина стоит на улице. Что сделать заранее?",
     "Проверь аккумулятор — на морозе слабый сдаётся первым, залей зимнюю незамерзайку и держи бак хотя бы наполовину полным. Если есть автозапуск или подогреватель — самое время их проверить."),
    ("Куда сходить @CITY_PREP в выходные с ребёнком, если погода плохая?",
     "Подойдут интерактивные музеи, планетарий, крытые парки и детские скалодромы. Проверь заранее время сеансов и купи билеты онлайн — в плохую погоду туда идут все."),
    ("Что почитать не по работе, чтобы отвлечься?",
     "Что-нибудь сюжетное и далёкое от работы: хороший детектив или научпоп про историю, биологию, космос. Главное, чтобы не тянуло делать заметки."),
]

RU_ACK = {
    "cmd": [("спасибо, сработало", "Отлично, рад помочь."),
            ("во, то что надо", "Рад, что пригодилось."),
            ("завелось, спс", "Отлично!")],
    "draft": [("супер, отправлю почти как есть", "👍 Надеюсь, зайдёт."),
              ("поправил пару слов и отправил", "Отлично, своими словами всегда лучше.")],
    "explain": [("а, вот теперь понятно", "Отлично. Если что — спрашивай."),
                ("ага, логично", "🙂")],
    "any": [("ок, понял", "Хорошо, если что — пиши."),
            ("спс", "Не за что!"),
            ("понятно, спасибо", "Обращайся.")],
}

RU_FOODS = ["шаурму", "бизнес-ланч в столовой", "рамен", "поке", "пельмени", "борщ",
            "салат", "вок с курицей", "сырники", "гречку с котлетой из дома"]
RU_LUNCH_ASK = [
    "Что взять на обед: @FOOD1 или @FOOD2? Есть минут @MIN.",
    "Не могу выбрать на обед — @FOOD1 или @FOOD2?",
    "Обед: @FOOD1 против @FOOD2. Решай.",
]
RU_LUNCH_ANS = [
    "Бери @PICK — быстро и после обеда не будет клонить в сон.",
    "@PICK. А @OTHER оставь на пятницу, как маленькую награду.",
    "@PICK, и сходи за ним пешком — десятиминутная прогулка и есть главный смысл обеда.",
    "Я бы взял @PICK — и съел не за компьютером, а нормально, за столом.",
]

RU_ZONES = [("по UTC", 0), ("в Москве", 180), ("в Новосибирске", 420), ("в Екатеринбурге", 300),
            ("во Владивостоке", 600), ("в Калининграде", 120), ("в Токио", 540), ("в Дубае", 240)]

RU_NAMES = [
    ("Паша", "Паши", "Паше", "Пашу", "Пашей"),
    ("Дима", "Димы", "Диме", "Диму", "Димой"),
    ("Катя", "Кати", "Кате", "Катю", "Катей"),
    ("Оля", "Оли", "Оле", "Олю", "Олей"),
    ("Саша", "Саши", "Саше", "Сашу", "Сашей"),
    ("Женя", "Жени", "Жене", "Женю", "Женей"),
    ("Никита", "Никиты", "Никите", "Никиту", "Никитой"),
    ("Рома", "Ромы", "Роме", "Рому", "Ромой"),
    ("Настя", "Насти", "Насте", "Настю", "Настей"),
    ("Серёжа", "Серёжи", "Серёже", "Серёжу", "Серёжей"),
]


def ru_num(x, digits=1):
    return ("%.*f" % (digits, x)).replace(".", ",")


def ru_int(n):
    return "{:,}".format(n).replace(",", " ")


def ru_fill(u, a, rng, ctx):
    comp = rng.choice(ctx["comps"])
    nm = rng.choice(RU_NAMES)
    rep = [
        ("@TICKET", "%s-%d" % (ctx["prefix"], rng.randint(120, 4980))),
        ("@SLUG", re.sub(r"[^a-z0-9]+", "_", comp.lower()).strip("_")),
        ("@COMP", comp),
        ("@N_NOM", nm[0]), ("@N_GEN", nm[1]), ("@N_DAT", nm[2]), ("@N_ACC", nm[3]), ("@N_INS", nm[4]),
        ("@TIME", "%02d:%s" % (rng.choice([6, 7, 8, 9, 10, 13, 14, 15, 16, 17, 21, 22]),
                                rng.choice(["00", "30"]))),
        ("@CITY_PREP", ctx["city_prep"]),
    ]
    for k, v in rep:
        u = u.replace(k, v)
        a = a.replace(k, v)
    return u, a


def ru_lunch(rng, ctx):
    f1, f2 = rng.sample(RU_FOODS, 2)
    pick, other = (f1, f2) if rng.random() < 0.5 else (f2, f1)
    u = rng.choice(RU_LUNCH_ASK).replace("@FOOD1", f1).replace("@FOOD2", f2)
    u = u.replace("@MIN", str(rng.choice([20, 25, 30, 40])))
    a = rng.choice(RU_LUNCH_ANS).replace("@PICK", pick).replace("@OTHER", other)
    return u, a[0].upper() + a[1:]


def ru_tz(rng, ctx):
    src, dst, t1, t2, day = convert_time(rng, RU_ZONES)
    options = [
        "Если %s сейчас %s, сколько времени %s?" % (src[0], t1, dst[0]),
        "%s %s — сколько это %s?" % (t1, src[0], dst[0]),
    ]
    if src[1] != 0:
        options.append("Коллега пишет, что у них %s %s. Сколько сейчас %s?" % (src[0], t1, dst[0]))
    u = rng.choice(options)
    where = dst[0][0].upper() + dst[0][1:]
    a = "%s будет %s" % (where, t2)
    if dst[1] != 0:
        a += " (%s)" % fmt_offset(dst[1])
    a += {1: ", уже следующего дня", -1: ", ещё предыдущего дня"}.get(day, "")
    a += "."
    if rng.random() < 0.4:
        a += " На летнее время там не переходят, так что разница круглый год одна и та же."
    return u, a


RU_AVAIL = [("99", "1", 0.01), ("99,5", "0,5", 0.005), ("99,9", "0,1", 0.001),
            ("99,95", "0,05", 0.0005), ("99,99", "0,01", 0.0001)]


def ru_math(rng, ctx):
    k = rng.randrange(4)
    if k == 0:
        av, rem, frac = rng.choice(RU_AVAIL)
        days = rng.choice([7, 28, 30])
        total = days * 1440
        mins = total * frac
        u = "Сколько минут простоя допускает SLO %s%% за %d дней?" % (av, days)
        a = "%d дней — это %s минут, %s%% от них — примерно %s минуты" % (days, ru_int(total), rem, ru_num(mins))
        if mins >= 120:
            a += " (около %s часа)" % ru_num(mins / 60)
        return u, a + "."
    if k == 1:
        n = rng.choice([2, 5, 8, 12, 30, 45, 90])
        rps = n * 1000000 / 86400
        u = "Если у нас %d млн запросов в сутки, это сколько в секунду в среднем?" % n
        a = ("%d млн / 86 400 ≈ %d RPS в среднем. Пик обычно в 2–3 раза выше среднего, "
             "так что закладывайся на него." % (n, round(rps)))
        return u, a
    if k == 2:
        n = rng.choice([64, 128, 256, 500, 750, 1024])
        u = "Сколько это — %d ГиБ в гигабайтах?" % n
        a = "%d ГиБ ≈ %s ГБ (1 ГиБ = 1,074 ГБ). На таких объёмах разницу лучше явно проговаривать в планах по ёмкости." % (n, ru_num(n * 1.073741824))
        return u, a
    x = rng.randint(12, 90) * 10
    y = x + rng.randint(3, 40) * 10
    u = "Было %d, стало %d запросов в минуту. На сколько процентов выросло?" % (x, y)
    a = "(%d − %d) / %d ≈ %s%%." % (y, x, x, ru_num((y - x) * 100.0 / x))
    return u, a


RU_KIT = {
    "concept": RU_CONCEPTS, "concept_ask": RU_CONCEPT_ASK,
    "regex": RU_REGEX, "regex_ask": RU_REGEX_ASK, "regex_ans": RU_REGEX_ANS,
    "shell": RU_SHELL, "life": RU_LIFE, "slack": RU_SLACK, "work": RU_WORK, "ack": RU_ACK,
    "fill": ru_fill, "lunch": ru_lunch, "tz": ru_tz, "math": ru_math,
}


# ---------------------------------------------------------------------------
# Russian dialogs
# ---------------------------------------------------------------------------

def dialog_ru1():
    # Moscow logistics company, data team: Greenplum -> ClickHouse.
    blocks = [
        ([], [(
            "Привет! Я руковожу командой данных в «ТрансЛогике» — грузоперевозки, Москва. Сейчас переезжаем с Greenplum на ClickHouse, параллельно выбираем BI и разгребаем дежурства. Буду писать сюда по ходу, если не против. Для начала: в двух словах, чем ReplacingMergeTree отличается от обычного MergeTree?",
            "Конечно, пиши. MergeTree просто хранит все вставленные строки. ReplacingMergeTree при фоновых слияниях схлопывает строки с одинаковым ключом сортировки и оставляет последнюю (или с максимальной версией, если указать столбец версии). Важно: схлопывание происходит не сразу и не гарантированно, поэтому в запросах нужен либо FINAL, либо агрегация через argMax — иначе увидишь дубли.")]),
        (["name"], [(
            "Фиксирую ответственных. Со стороны DBA миграцию ведёт Игорь Савельев — Greenplum он знает лучше всех, половина функций там его. Схемы витрин — на мне, загрузчики — на Лёше.",
            "Записал:\n— миграция со стороны DBA: Игорь Савельев;\n— схемы витрин: ты;\n— загрузчики: Лёша.\nЕсли хочешь, буду держать этот список и обновлять, когда что-то поменяется.")]),
        (["number"], [(
            "По железу под ClickHouse: закладываем 8 нод — 4 шарда по 2 реплики, на каждой 64 ГБ RAM.",
            "8 нод, 4 шарда по 2 реплики — нормальная стартовая схема. Совет: ClickHouse Keeper (или ZooKeeper) вынеси на отдельные три машины и не совмещай с нодами данных, иначе тяжёлые мерджи начнут влиять на координацию.")]),
        (["date"], [(
            "Переключение отчётности на ClickHouse планируем на 15 марта. До этого гоняем оба хранилища параллельно и сверяем цифры.",
            "Хорошо, 15 марта — переключение отчётности. Для параллельного прогона предлагаю каждый день автоматически сверять 10–15 ключевых метрик (рейсы, тоннаж, выручка по филиалам) и складывать расхождения в отдельную таблицу — так будет видно, сходятся ли данные, без ручных проверок.")]),
        ([], [(
            "Игорю нужна помощь: как в Greenplum быстро посмотреть распределение строк по сегментам для таблицы, чтобы понять перекос?",
            "Самый простой способ: SELECT gp_segment_id, count(*) FROM схема.таблица GROUP BY 1 ORDER BY 2 DESC; Если самый большой сегмент в разы больше самого маленького, ключ распределения выбран неудачно. Есть ещё представление gp_toolkit.gp_skew_coefficients, но на огромных таблицах оно само по себе тяжёлое.")]),
        (["reason"], [(
            "Сдвинули старт ночного ETL с 02:00 на 04:30. Причина — выгрузка из 1С по складам заканчивается только к четырём утра, а раньше мы успевали забрать неполные остатки, и утренние отчёты врали.",
            "Логично: лучше позже, но с полными данными. Я бы ещё добавил явную проверку готовности — пусть 1С в конце выгрузки пишет маркер (файл или строку в служебной таблице), а ETL ждёт его, а не полагается на часы. Тогда, если выгрузка затянется, отчёты не соберутся из половины данных.")]),
        (["decision"], [(
            "По BI определились: Apache Superset. Tableau нормально продлить не получится, DataLens смотрели — но у нас всё в своём контуре, в облако отчёты не понесём.",
            "Понял, BI — Superset. Из практичного: сразу настрой кеш (Redis) и асинхронные запросы через Celery, иначе тяжёлые дашборды по маршрутам будут упираться в таймауты веб-сервера. И заведи роли по филиалам с первого дня — потом переделывать права больно.")]),
        ([], [(
            "Дежурил ночью: в 3:10 встала загрузка GPS-треков — топик с треками разросся, консьюмер отставал на шесть часов. Что написать в разборе?",
            "Структура такая: хронология (когда начался рост лага, когда заметили, что сделали); влияние (какие отчёты и для кого были с дырами); причина (почему консьюмер не справился — рост потока, медленная запись, ребаланс?); что сработало и что нет (сработал ли алерт на лаг и вовремя ли); действия с владельцами и сроками. Отдельным пунктом — алерт на лаг в минутах, а не в сообщениях: так он не зависит от объёма потока.")]),
        (["number"], [(
            "Прогнали нагрузочный тест на копии боевой нагрузки. На 8 нодах тяжёлые отчёты по маршрутам упираются в память, мерджи не успевают. Решили расширять кластер до 12 нод: 6 шардов по 2 реплики. Бюджет согласовали.",
            "Разумно: 12 нод дадут и память, и параллелизм мерджей. Учти, что при переходе с 4 на 6 шардов данные сами не перераспределятся — проще всего перелить таблицы через INSERT SELECT в новую распределённую таблицу, пока отчётность ещё на Greenplum.")]),
        (["name"], [(
            "Кадровые новости: Игорь с понедельника переходит в биллинг, его давно туда звали. Миграцию со стороны DBA теперь ведёт Алёна Полякова — она последний месяц сидела с ним на всех созвонах, так что в контексте.",
            "Понял, обновил список: миграция со стороны DBA — Алёна Полякова. Предлагаю до перехода записать с ним получасовую сессию по самым неочевидным функциям в Greenplum — потом такие вещи уже не восстановишь.")]),
        (["date"], [(
            "Итоги недели, чтобы не потерять: загрузчики на ClickHouse готовы процентов на 80; Лёша нашёл расхождение в тоннаже по казанскому филиалу — это округление в старой витрине; переключение отчётности сдвинули на 5 апреля, бухгалтерия попросила ничего не трогать до закрытия квартала; и напомни мне в понедельник про ревью доступов к Superset.",
            "Зафиксировал:\n— загрузчики: около 80%;\n— расхождение по Казани — округление в старой витрине, а не ошибка загрузки;\n— переключение отчётности: 5 апреля, после закрытия квартала;\n— ревью доступов к Superset — в понедельник. Сам напомнить я не смогу, но если напишешь в понедельник, начнём с этого.")]),
        ([], [(
            "Алёна спрашивает, как в ClickHouse посмотреть самые тяжёлые запросы за сутки.",
            "Через system.query_log: SELECT query_duration_ms, read_rows, memory_usage, query FROM system.query_log WHERE type = 'QueryFinish' AND event_time > now() - INTERVAL 1 DAY ORDER BY memory_usage DESC LIMIT 20; Можно сортировать и по query_duration_ms — зависит от того, что больнее: память или время.")]),
    ]
    questions = [
        Q("name", "Кто сейчас ведёт миграцию со стороны DBA?",
          ["Алёна Полякова", "Алёна", "Алена", "Алёны", "Алены", "Алёне", "Алене", "Алёну", "Алену",
           "Алёной", "Аленой", "Полякова", "Поляковой", "Полякову"],
          ["Игорь Савельев", "Игорь", "Савельев", "Игорю"]),
        Q("number", "Сколько нод будет в кластере ClickHouse?",
          ["12 нод", "12 нодах", "12 нодами", "12 нодам", "12 узлов", "двенадцать нод", "12 серверов"],
          ["8 нод"]),
        Q("date", "Когда переключаем отчётность на ClickHouse?",
          ["5 апреля", "05.04", "5-го апреля", "5-е апреля", "пятое апреля", "пятого апреля"],
          ["15 марта"]),
        Q("decision", "Что мы выбрали в качестве BI?",
          ["Superset", "Apache Superset", "Суперсет"]),
        Q("reason", "Почему ночной ETL теперь стартует позже?",
          ["выгрузка из 1С", "выгрузки из 1С", "выгрузку из 1С", "1С"]),
    ]
    ctx = {"comps": ["routes-etl", "gps-ingest", "tariff-calc", "dwh-loader", "fleet-api"],
           "prefix": "DATA", "city_prep": "в Москве"}
    return {"id": "b12-ru-1", "lang": "ru", "n": 296, "ctx": ctx, "blocks": blocks, "questions": questions}


def dialog_ru2():
    # Novosibirsk fintech: mobile release train, secrets, pentest.
    blocks = [
        ([], [(
            "Привет! Я тимлид бэкенда в «Кедр Финансе» — Новосибирск, платёжные сервисы для малого бизнеса. На мне релизный поезд мобильного приложения, плюс инфраструктура, плюс пентест на носу. Давай начнём с простого: как коротко объяснить продакту, что такое релизный поезд?",
            "Релизный поезд — это расписание, а не список фич: поезд уходит в фиксированный день, и в него попадает всё, что готово и прошло проверки к отсечке. Не успели — едете следующим. Продакту это даёт предсказуемые даты, а команде — отсутствие гонки «дотащить ещё одну фичу».")]),
        (["date"], [(
            "Релиз 5.0 в сторы — 28 ноября. Там новый онбординг и переводы по QR.",
            "Записал: 5.0 выходит 28 ноября — новый онбординг и переводы по QR. С учётом ревью в App Store я бы отправлял сборку минимум за 3–4 рабочих дня и держал наготове план на случай отказа.")]),
        (["decision"], [(
            "По секретам решили: HashiCorp Vault, кластер из трёх нод на Raft, всё в нашем контуре.",
            "Хороший вариант для вашего случая: встроенный Raft избавит от отдельного Consul, три ноды переживут потерю одной. Заранее продумайте процедуру unseal — auto-unseal через HSM или хотя бы распределение ключей между несколькими людьми, иначе после ночной перезагрузки всё встанет.")]),
        (["name"], [(
            "Пентест делает внешняя компания. Наш контакт с их стороны — Ринат Гарипов, руководитель проекта. Все вопросы по скоупу — к нему.",
            "Понял: контакт по пентесту — Ринат Гарипов, вопросы по скоупу к нему. До старта стоит согласовать с ним письменно: границы (какие стенды и адреса), окна тестирования, контакты для экстренной остановки и формат отчёта.")]),
        (["reason"], [(
            "Кстати, продакт спросил, почему мы вообще платим внешним, а не делаем пентест своими силами. Безопасники ответили коротко: это требование ЦБ — отчёт должен быть от независимой организации с лицензией, свой не засчитают.",
            "Да, для финансовых организаций это стандартная история: регулятор хочет независимую оценку, и внутренний отчёт её не заменит. Можно добавить продакту и плюс: внешняя команда смотрит без «замыленного глаза» и часто находит то, к чему свои давно привыкли.")]),
        (["name"], [(
            "Ринату скинул доступы к стенду. Он спрашивает, можно ли им гонять сканер в рабочее время.",
            "На стенде в рабочее время — можно, если стенд изолирован и на нём никто не гоняет приёмку. Для прода — только в согласованное окно и с дежурным на связи. И попроси присылать IP-адреса, с которых они сканируют, чтобы антифрод и WAF не подняли тревогу.")]),
        (["number"], [(
            "Согласовали SLO для API переводов: 99,95% доступности за месяц. Остальным сервисам пока оставляем 99,9%.",
            "Записал: API переводов — 99,95% за месяц, остальные — 99,9%. Для ориентира: 99,95% за 30 дней — это примерно 21,6 минуты простоя на весь месяц, так что один неудачный релиз с откатом на 15 минут съест большую часть бюджета. Канареечные выкатки тут прямо напрашиваются.")]),
        ([], [(
            "Вчера в 19:40 по Новосибирску лёг сервис уведомлений — пуши почти час не уходили, провайдер сменил сертификаты и не предупредил.",
            "Неприятно. В разбор я бы вынес три вещи: алерт на долю неуспешных отправок к провайдеру (а не только на ошибки нашего сервиса); проверку сроков действия и отпечатков сертификатов провайдера по расписанию; и договорённость с провайдером об уведомлениях о плановых изменениях — с контактом, который реально отвечает.")]),
        (["date"], [(
            "Апдейт по релизу: 5.0 теперь выходит 12 декабря. Apple завернули сборку из-за формулировки в запросе доступа к контактам — переписываем текст и заодно чиним пару багов в онбординге.",
            "Понял, новая дата — 12 декабря. Повторное ревью обычно проходит быстрее, но я бы всё равно заложил пару дней запаса и заранее согласовал новый текст запроса с юристами, чтобы не получить второй отказ из-за формулировки.")]),
        ([], [(
            "Нужно расписание дежурств на декабрь, нас шестеро, с учётом новогодних праздников. Как сделать честно?",
            "Рабочий вариант: недельные смены по кругу, а праздничные дни (31 декабря — 8 января) разбить на отдельные короткие смены по 2–3 дня и распределить жребием между теми, кто не дежурил на прошлый Новый год. За праздничные смены — отгулы. И обязательно вторая линия на каждый праздничный день.")]),
        (["decision"], [(
            "Меняем решение по секретам. После смены лицензии у HashiCorp на BSL юристы попросили не тащить Vault в новый контур. Переходим на OpenBao — API почти тот же, конфиги переносятся с минимальными правками.",
            "Понятно. OpenBao — открытый форк под лицензией MPL, развивается в рамках Linux Foundation, и для типичных сценариев (KV, динамические креды к БД, PKI) он практически совместим. Проверь клиентские библиотеки и провайдеры инфраструктурного кода на жёсткую привязку к имени продукта — в остальном миграция обычно сводится к смене адреса и переносу данных.")]),
        (["date"], [(
            "Напиши короткое сообщение в канал мобильной команды, что релиз сдвинулся и почему.",
            "«Коллеги, релиз 5.0 переносится на 12 декабря: Apple вернули сборку из-за формулировки в запросе доступа к контактам. Текст переписываем, заодно закрываем пару багов онбординга. Отсечка для нового поезда — за три рабочих дня до релиза, всё остальное без изменений.»")]),
    ]
    questions = [
        Q("name", "Как зовут нашего контакта в компании, которая делает пентест?",
          ["Ринат", "Рината", "Ринату", "Ринатом", "Ринате", "Ринат Гарипов", "Гарипов", "Гарипова",
           "Гарипову", "Гариповым"]),
        Q("number", "Какой SLO по доступности согласовали для API переводов?",
          ["99,95%", "99.95%", "99,95", "99.95"]),
        Q("date", "Когда выходит релиз 5.0?",
          ["12 декабря", "12.12", "12-го декабря", "двенадцатое декабря", "двенадцатого декабря"],
          ["28 ноября"]),
        Q("decision", "На чём в итоге будем хранить секреты?",
          ["OpenBao", "Open Bao", "ОпенБао"],
          ["HashiCorp Vault", "Vault"]),
        Q("reason", "Напомни, почему пентест заказываем у внешней компании, а не делаем сами?",
          ["требование ЦБ", "требования ЦБ", "требованию ЦБ", "ЦБ", "Центробанк", "Центробанка",
           "регулятор", "регулятора", "независимой организации", "независимая организация"]),
    ]
    ctx = {"comps": ["transfers-api", "notify", "onboarding", "qr-pay", "antifraud"],
           "prefix": "KF", "city_prep": "в Новосибирске"}
    return {"id": "b12-ru-2", "lang": "ru", "n": 372, "ctx": ctx, "blocks": blocks, "questions": questions}


def dialog_ru3():
    # St Petersburg grocery delivery, platform team: Swarm -> Kubernetes, own hardware.
    blocks = [
        ([], [(
            "Привет. Я лид платформенной команды в «Корзинке» — доставка продуктов, Питер. Переезжаем со Swarm на Kubernetes, закупаем своё железо, и дежурства никто не отменял. Вчера, кстати, был инцидент — поможешь с разбором?",
            "Конечно. Расскажи, что случилось: что сломалось, как заметили, сколько длилось и как починили. Дальше разложим по шаблону: хронология, влияние, причина, что сработало, что нет, и действия с владельцами.")]),
        (["name"], [(
            "Вчера в 21:15 упал сервис назначения курьеров, 40 минут заказы висели без курьера. Причина — ретраи в шине сообщений устроили шторм после рестарта брокера. Постмортем пишет Денис, он был дежурным.",
            "Понял. Сильный постмортем тут будет про ретраи: была ли у них экспоненциальная задержка и джиттер, был ли лимит попыток. Могу набросать Денису структуру документа, чтобы он не начинал с чистого листа.")]),
        ([], [(
            "Да, набросай.",
            "Структура постмортема:\n1. Кратко: что произошло и сколько длилось.\n2. Влияние: сколько заказов задержано, были ли отмены и компенсации.\n3. Хронология по минутам: рестарт брокера, рост ретраев, первый алерт, действия.\n4. Причины: почему рестарт привёл к шторму, почему защита не сработала.\n5. Что помогло и что мешало.\n6. Действия: конкретные, с владельцами и сроками.")]),
        (["number"], [(
            "Бюджет на железо под кластер утвердили — 4,2 млн рублей. Это примерно шесть серверов плюс сеть.",
            "Отлично, 4,2 млн на шесть серверов и сеть должно хватить, если не брать топовые процессоры. Я бы заложил около 10% на ЗИП: диски и блоки питания лучше держать на складе, а не ждать поставку.")]),
        (["decision"], [(
            "Дистрибутив выбрали: Deckhouse. Kubespray тоже смотрели, но обновлять им кластеры — боль.",
            "Понятный выбор: Deckhouse берёт на себя обновления и базовые модули (мониторинг, ingress, сертификаты), и ручной работы у вас станет меньше. Стоит сразу решить, какую редакцию берёте, — от этого зависит набор доступных модулей.")]),
        (["reason"], [(
            "Финдиректор спросил, почему своё железо, а не облако. Посчитали на наших объёмах на три года вперёд — облако выходит вдвое дороже, даже со скидками за резервирование.",
            "Сильный аргумент, особенно если нагрузка ровная и предсказуемая. Для честности расчёта стоит добавить к «своему железу» людей на эксплуатацию и аренду стойки — если и с ними разница большая, вопрос закрыт.")]),
        (["date"], [(
            "Аудит по 152-ФЗ назначили на 21 октября. Смотреть будут, где и как у нас хранятся персональные данные курьеров и клиентов.",
            "Записал: аудит по персональным данным — 21 октября. К нему полезно иметь актуальную карту: какие сервисы хранят ПДн, где физически стоят базы, у кого есть доступ и как он логируется. Про переезд на новый кластер аудиторы, скорее всего, тоже спросят.")]),
        (["name"], [(
            "Денис слёг с температурой, так что постмортем добивает Ксения Орлова — она как раз копала ретраи в шине и знает эту часть лучше всех.",
            "Скорейшего выздоровления. Ксении проще всего будет оставить хронологию как есть и сосредоточиться на причинах и действиях — там её экспертиза. Хочешь, сформулирую для неё список вопросов к команде шины?")]),
        (["number"], [(
            "Финансы порезали капекс на квартал: на серверы теперь есть 3,6 млн. Придётся брать пять машин вместо шести и растягивать закупку сети.",
            "Понял, работаем от 3,6 млн. Пять серверов — нормально для старта, если оставить возможность добавить шестой в следующем квартале: место в стойке и свободные порты на коммутаторе.")]),
        ([], [(
            "Ксения просит подсказать формулировку action item про ретраи, чтобы было проверяемо.",
            "Например: «Добавить в клиент шины экспоненциальную задержку с джиттером (база 200 мс, максимум 30 с) и ограничение в 5 попыток; проверить нагрузочным тестом с рестартом брокера до 1 ноября». Владелец — конкретный человек, а не команда.")]),
    ]
    questions = [
        Q("name", "Кто дописывает постмортем по падению сервиса назначения курьеров?",
          ["Ксения", "Ксении", "Ксению", "Ксенией", "Ксения Орлова", "Орлова", "Орловой", "Орлову"],
          ["Денис", "Денису"]),
        Q("number", "Сколько денег у нас на серверы под кластер?",
          ["3,6 млн", "3.6 млн", "3,6 миллиона", "3 600 000", "3,6 млн рублей"],
          ["4,2 млн"]),
        Q("date", "Когда у нас аудит по персональным данным?",
          ["21 октября", "21.10", "21-го октября", "двадцать первое октября", "двадцать первого октября"]),
        Q("decision", "Какой дистрибутив Kubernetes мы выбрали?",
          ["Deckhouse", "Декхаус"]),
        Q("reason", "Почему решили покупать своё железо, а не идти в облако?",
          ["вдвое дороже", "в два раза дороже", "дороже вдвое", "в 2 раза дороже"]),
    ]
    ctx = {"comps": ["courier-dispatch", "orders", "catalog", "payments", "bus-gateway"],
           "prefix": "PLT", "city_prep": "в Питере"}
    return {"id": "b12-ru-3", "lang": "ru", "n": 158, "ctx": ctx, "blocks": blocks, "questions": questions}


def dialog_ru4():
    # Kazan online school, search team: engine replacement + hiring.
    blocks = [
        ([], [(
            "Привет! Я руковожу командой поиска в «Грамотее» — онлайн-школа, Казань. Старый Elasticsearch 6 пора менять, ещё нанимаем сеньора, ну и поток мелких задач. Начнём с мелкого: как объяснить менеджеру, что такое морфология в поиске?",
            "Морфология — это умение поиска понимать, что «урок», «уроки» и «уроками» — одно и то же слово. Без неё ученик, который ищет «дроби», не найдёт курс «Действия с дробями». Для русского это особенно важно: у слов много форм.")]),
        (["number"], [(
            "Целевая задержка для поиска: p95 не больше 120 мс на бэкенде, без учёта сети до клиента.",
            "Записал: p95 не выше 120 мс на бэкенде. Чтобы это было измеримо, договоритесь, где именно меряете — на входе в сервис поиска или на балансировщике — и за какое окно считаете.")]),
        (["decision"], [(
            "Решили по движку: переезжаем на Manticore Search. На наших тестах быстрее и по памяти скромнее.",
            "Понял, Manticore. Что стоит проверить заранее: как переносятся ваши анализаторы и синонимы и каких клиентов придётся переделать — интерфейс у Manticore свой, и с Elasticsearch он совместим лишь частично.")]),
        (["name"], [(
            "Финал на сеньора прошёл: берём Тимура. Тимур сильный в ранжировании, оффер уходит завтра. Второй кандидат тоже хороший, держим в резерве.",
            "Отлично! Если хочешь, помогу с письмом Тимуру: коротко, тепло и с конкретикой — команда, первые задачи, дата выхода. Решение в найме часто зависит от того, насколько человеку понятно, чем он будет заниматься.")]),
        (["date"], [(
            "Переключение трафика на новый движок — 1 июля. До этого дублируем запросы в оба кластера и сравниваем выдачу.",
            "Записал: переключение — 1 июля. Для сравнения выдачи возьми топ-500 реальных запросов и считай пересечение первых десяти результатов; там, где оно резко падает, стоит посмотреть анализаторы.")]),
        ([], [(
            "Ночью индексатор упал с OOM, утром в поиске не было новых курсов. Как настроить алерты, чтобы ловить такое до утра?",
            "Главный алерт — на «возраст» индекса: время с момента последнего успешно проиндексированного документа. Если он больше, скажем, 30 минут в рабочее время или пары часов ночью — будить. Плюс алерт на рестарты пода индексатора и на память выше 85% лимита. Первый ловит любую причину остановки, два других помогают понять, какую именно.")]),
        (["name"], [(
            "Тимур отказался — текущая работа сделала ему контроффер, и он остался. Оффер отправили Вере Лебедевой, она была второй в финале. Сегодня утром приняла, выходит через три недели.",
            "Жаль, но так бывает. Зато Вера была сильным вторым кандидатом и приняла быстро — это хороший знак. Давай подготовим ей план на первые две недели: доступы, знакомство с кодом индексатора и одна небольшая задача в проде к концу второй недели.")]),
        (["decision", "reason"], [(
            "Переиграли с движком. Прототип на Manticore работает, но у нас три сервиса и вся аналитика завязаны на API Elasticsearch, а переписывать клиенты сейчас некому. Берём OpenSearch: совместимость с API Elasticsearch важнее выигрыша в памяти.",
            "Понятное решение: совместимость с API Elasticsearch экономит месяцы работы, а по памяти OpenSearch можно подтянуть настройкой. Проверь версии клиентов: OpenSearch ответвился от Elasticsearch 7.10, так что с клиентами под ES 6 всё равно придётся обновиться.")]),
        (["date"], [(
            "Переключение трафика сдвигаем на 8 июля: первая неделя июля у нас летний интенсив, пик нагрузки, трогать прод в это время не хотим.",
            "Разумно, 8 июля — уже после пика. Заодно получите неделю реальных запросов интенсива, на которых удобно сравнить выдачу двух кластеров.")]),
        ([], [(
            "Вера спрашивает, где почитать про BM25 по-человечески.",
            "Хорошая отправная точка — глава про ранжирование в учебнике Маннинга «Введение в информационный поиск», там BM25 выводится шаг за шагом. Для практики полезно открыть explain у запроса в самом движке: видно, как складываются TF, IDF и нормализация по длине поля.")]),
    ]
    questions = [
        Q("name", "Кто в итоге выходит к нам сеньором в команду поиска?",
          ["Вера", "Веры", "Вере", "Веру", "Верой", "Вера Лебедева", "Лебедева", "Лебедевой", "Лебедеву"],
          ["Тимура", "Тимур", "Тимуру"]),
        Q("number", "Какая у нас целевая задержка поиска по p95?",
          ["120 мс", "120 миллисекунд", "120ms", "120 ms"]),
        Q("date", "Когда переключаем трафик на новый поисковый движок?",
          ["8 июля", "08.07", "8-го июля", "восьмое июля", "восьмого июля"],
          ["1 июля"]),
        Q("decision", "На какой поисковый движок переезжаем в итоге?",
          ["OpenSearch", "Опенсерч"],
          ["Manticore Search", "Manticore"]),
        Q("reason", "Почему в итоге передумали насчёт поискового движка?",
          ["совместимость с API Elasticsearch", "совместимости с API Elasticsearch", "совместимость с API",
           "API Elasticsearch", "переписывать клиенты"]),
    ]
    ctx = {"comps": ["search-api", "indexer", "suggest", "catalog-sync", "ranker"],
           "prefix": "SRCH", "city_prep": "в Казани"}
    return {"id": "b12-ru-4", "lang": "ru", "n": 224, "ctx": ctx, "blocks": blocks, "questions": questions}


# ---------------------------------------------------------------------------
# Japanese filler
# ---------------------------------------------------------------------------

JA_CONCEPT_ASK = [
    "@TOPICについて、2〜3文で説明してもらえますか？",
    "@TOPICって、ざっくり言うと何？",
    "会議で@TOPICについて聞かれて、うまく答えられなかった…。簡単に教えてください。",
    "@TOPIC、改めて説明してほしい。",
    "@TOPICを1分で説明するとしたら？",
    "新人さんに@TOPICを説明したい。かみ砕いて教えて。",
]

JA_CONCEPTS = [
    ("p95とp99の違い",
     "p95は「リクエストの95%がこれより速い」値、p99は「99%がこれより速い」値です。p95とp99の差が大きいほど、一部のリクエストだけが極端に遅いことを示しています。キャッシュミスやリトライ、GCの停止などが原因になりがちです。"),
    ("冪等性キー",
     "クライアントがリクエストごとに一意のキーを付けて送り、サーバーはそのキーと最初の処理結果を保存しておく仕組みです。同じキーで再送されたら、処理をやり直さずに保存済みの結果を返します。通信エラー時のリトライによる二重決済を防げます。"),
    ("サーキットブレーカー",
     "依存先への呼び出しの失敗を数えて、一定以上失敗したらしばらく呼び出さずにすぐエラーを返す仕組みです。時間をおいて少しだけ試し、成功すれば元に戻します。遅い依存先に引きずられて自分まで詰まるのを防げます。"),
    ("エラーバジェット",
     "SLOが99.9%なら、残りの0.1%が「失敗してもいい量」、つまりエラーバジェットです。残っている間は機能開発を優先し、使い切ったら信頼性の改善を優先する、という判断の基準になります。"),
    ("ブルーグリーンデプロイとカナリアリリースの違い",
     "ブルーグリーンは新旧2つの環境を用意して、トラフィックを一気に切り替える方式です。カナリアは新バージョンに少しずつ（1%→10%→…）トラフィックを流して様子を見る方式です。前者は切り戻しが速く、後者は影響範囲を小さく抑えられます。"),
    ("バックプレッシャー",
     "処理が追いつかない側が、送る側に「少し待って」と伝える仕組みです。上限付きのキューや、HTTP 429を返すのが代表例です。これがないと、過負荷がメモリ不足やタイムアウトの連鎖に変わります。"),
    ("コンシステントハッシュ",
     "キーをノードに割り当てる方法の一つで、ノードを追加・削除しても移動するキーが一部だけで済みます。単純に「ハッシュ値をノード数で割った余り」で決めると、ほぼ全てのキーが移動してしまいます。"),
    ("WAL（ログ先行書き込み）",
     "データベースが、データ本体を書き換える前に、まず変更内容をログに順番に書き込む仕組みです。クラッシュしても起動時にログを再生すれば、確定した変更は失われません。レプリケーションにも同じログが使われます。"),
    ("PostgreSQLのMVCC",
     "更新のたびに行の新しいバージョンを作り、古いバージョンは他のトランザクションから見える間は残しておく仕組みです。そのため読み取りと書き込みがお互いを待たずに済みます。その代わり、不要になった古い行をVACUUMで掃除する必要があります。"),
    ("トークンバケットのレート制限",
     "バケットに一定の速さでトークンが貯まり、リクエストごとに1つ消費します。トークンがなければ拒否するか待たせます。バケットの大きさが許容するバースト、補充の速さが平均の上限を決めます。"),
    ("SLI・SLO・SLAの違い",
     "SLIは測る指標（成功したリクエストの割合など）、SLOはその指標の社内目標（30日で99.9%など）、SLAは顧客との約束で、守れないと返金などのペナルティがあります。SLAはSLOより緩めにして余裕を持たせるのが普通です。"),
    ("ブルームフィルタ",
     "「その要素は集合に含まれるか？」に対して「絶対にない」か「たぶんある」を答える、省メモリな確率的データ構造です。偽陽性はありますが偽陰性はありません。存在しないキーのためにディスクを読むのを避けるのによく使われます。"),
    ("at-least-onceとexactly-onceの違い",
     "at-least-onceは「必ず届くが、重複するかもしれない」配信で、受け手側を冪等にしておく必要があります。exactly-onceは実際には、at-least-onceに重複排除や、結果とオフセットを同じトランザクションで書く工夫を組み合わせて実現することがほとんどです。"),
    ("結果整合性",
     "書き込み直後はレプリカによって見える値が違うことがあるけれど、新しい書き込みがなければ最終的には全部同じ値にそろう、という性質です。「保存したのに一覧に出てこない」という現象は、これが原因のことが多いです。"),
    ("サンダリングハード問題",
     "たくさんのクライアントが同時に目を覚まして、同じリソースに一斉にアクセスする問題です。人気のキャッシュキーが期限切れになった瞬間やサービスの再起動直後に起きがちです。ジッターを入れる、再計算は1つのリクエストだけに任せる、などで防ぎます。"),
    ("Sagaパターン",
     "長い業務処理を、サービスごとのローカルなトランザクションの連鎖に分け、各ステップに取り消し用の処理（補償トランザクション）を用意する設計です。途中で失敗したら、それまでのステップを逆順に取り消します。"),
    ("フィーチャーフラグの負債",
     "フラグの数だけコードに分岐が増え、両方の状態をテストする必要が出てきます。リリース後に消し忘れたフラグが溜まるとコードが読みにくくなり、古いフラグを誤って切り替えて事故になることもあります。削除予定日を決めておくのが効果的です。"),
    ("CQRS",
     "書き込み用のモデルと読み取り用のモデルを分ける設計です。コマンドは書き込みモデルで状態を変え、クエリは検索に最適化された別のモデル（非正規化され、非同期で更新されることが多い）から読みます。読みと書きで負荷や形が大きく違うときに効きます。"),
    ("mTLS",
     "クライアントがサーバーの証明書を確認するだけでなく、サーバーもクライアントの証明書を確認する相互TLSです。サービス同士がIPアドレスではなく暗号的にお互いを認証できます。証明書の発行と更新はサービスメッシュや社内CAに任せることが多いです。"),
    ("SREでいう「トイル」",
     "手作業で、繰り返し発生し、サービスの成長に比例して増え、長期的な価値を生まない運用作業のことです。手動の再起動や手動デプロイが典型です。SREではトイルの割合に上限を設けて、自動化で減らしていきます。"),
    ("PgBouncerのトランザクションプーリング",
     "DB接続をトランザクションの間だけクライアントに貸し出し、終わったらプールに戻す方式です。少ない接続で多くのクライアントをさばけますが、セッションをまたぐ機能（SETなど）は期待どおりに動かなくなります。"),
    ("スプリットブレイン",
     "クラスタがネットワーク分断で複数に分かれ、それぞれにリーダーが立って書き込みを受け付けてしまう状態です。復旧後にデータが食い違います。クォーラム（過半数での決定）と、古いリーダーの隔離（フェンシング）で防ぎます。"),
    ("デッドレターキュー",
     "何度リトライしても処理できなかったメッセージを退避させる専用のキューです。1つの壊れたメッセージが処理全体を止めるのを防げます。サイズを監視していないと、静かにデータが溜まっていくので注意が必要です。"),
    ("リトライのジッター",
     "リトライの待ち時間にランダムな揺らぎを加えることです。これがないと、同時に失敗したクライアントが同時にリトライして、復旧しかけたサービスをまた落としてしまいます。"),
]

JA_REGEX_ASK = [
    "@DESCにマッチする正規表現ください。",
    "正規表現で@DESCを拾いたいんだけど、どう書く？",
    "ちょっと正規表現お願い：@DESC。",
]
JA_REGEX_ANS = [
    "こんな感じでどうでしょう。\n\n@RX\n\n@NOTE",
    "@RX\n\n@NOTE",
    "例えば：\n@RX\n@NOTE",
]
JA_REGEX = [
    ("OPS-1234のようなチケット番号", r"\b[A-Z][A-Z0-9]+-[0-9]+\b",
     "英大文字のプロジェクトキー、ハイフン、数字の組み合わせにマッチします。"),
    ("2024-03-15のようなISO形式の日付", r"^[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]$",
     "形と大まかな範囲だけを見ています。実在する日付かどうかは日付ライブラリで確認してください。"),
    ("ERRORかFATALを含むけどhealthcheckは含まないログ行", r"^(?!.*healthcheck).*\b(ERROR|FATAL)\b",
     "先頭の否定先読みで、healthcheckを含む行を丸ごと除外しています。"),
    ("行末の余分な空白", r"[ \t]+$",
     "マルチラインモードで使って、空文字に置換すれば削除できます。"),
    ("2.14.3のようなバージョン番号（-rc.1などの後ろ付きもOK）", r"^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$",
     "ビルドメタデータ（+以降）まで扱うなら、最後に任意のグループをもう一つ足します。"),
    ("090-1234-5678の形の携帯電話番号", r"^0[789]0-[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]$",
     "ハイフンなしも許すなら、各 - を -? に変えてください。"),
    ("123-4567の形の郵便番号", r"^[0-9][0-9][0-9]-?[0-9][0-9][0-9][0-9]$",
     "ハイフンは任意にしてあります。全角数字が混ざる入力なら、先に半角に正規化しておくと楽です。"),
    ("Pod名の末尾のハッシュ（api-7d9f8c6b5-x2x9qの後ろ2つ）", r"-[a-z0-9]+-[a-z0-9]+$",
     "空文字に置換すると、Deployment名でまとめて集計できます。"),
]

JA_SHELL = [
    ("直前のgitコミットを取り消したいけど、変更は残したい。",
     "git reset --soft HEAD~1 でコミットだけ取り消され、変更はステージされた状態で残ります。ステージも外したいなら --mixed です。すでにpushしているなら、履歴を書き換えない git revert の方が安全です。"),
    ("特定の文字列を追加したコミットを探すには？",
     "git log -S '探したい文字列' --oneline で、その文字列の出現回数が変わったコミットが出ます。差分も見たいなら -p、正規表現で探したいなら -G を使います。"),
    ("mainにマージ済みのローカルブランチをまとめて消したい。",
     "mainにいる状態で git branch --merged main | grep -v ' main$' | xargs -r git branch -d です。-d はマージされていないブランチは消さないので安全です。"),
    ("gzipされたログ全部から、timeoutを含む行数を数えたい。",
     "ファイルごとなら zgrep -c 'timeout' app.log.*.gz、合計なら zcat app.log.*.gz | grep -c 'timeout' です。"),
    ("nginxのアクセスログで、アクセスの多いIPトップ10を出したい。",
     "cut -d' ' -f1 access.log | sort | uniq -c | sort -rn | head -10 で出せます。前段にロードバランサーがある場合は、先頭のフィールドが本当にクライアントのIPか確認してください。"),
    ("ディスクがいっぱい。500MB以上のファイルを探したい。",
     "find / -xdev -type f -size +500M -print0 | xargs -0 ls -lh で一覧できます。ディレクトリ単位で見るなら du -xh / --max-depth=2 | sort -h | tail -20 が便利です。"),
    ("usersテーブルでメールアドレスが重複している行を探すSQLは？",
     "SELECT email, COUNT(*) AS n FROM users GROUP BY email HAVING COUNT(*) > 1 ORDER BY n DESC; です。大文字小文字の違いも重複とみなすなら lower(email) でグループ化してください。"),
    ("Postgresで長時間走っているクエリを見たい。",
     "SELECT pid, now() - query_start AS runtime, state, left(query, 80) FROM pg_stat_activity WHERE state <> 'idle' ORDER BY runtime DESC; で確認できます。止めるなら pg_cancel_backend(pid)、それでもだめなら pg_terminate_backend(pid) です。"),
    ("MySQLでテーブルごとのサイズを見たい。",
     "SELECT table_name, ROUND((data_length + index_length) / 1024 / 1024) AS mb FROM information_schema.tables WHERE table_schema = 'DB名' ORDER BY mb DESC LIMIT 10; で大きい順に10個出ます。"),
    ("kubectlで、Running以外のPodを全namespaceから出したい。",
     "kubectl get pods -A --field-selector=status.phase!=Running です。ただしCrashLoopBackOffのPodはphaseがRunningのままのことがあるので、RESTARTSの列も合わせて見てください。"),
    ("落ちたコンテナの前回のログを見るには？",
     "kubectl logs Pod名 --previous です。コンテナが複数あるPodなら -c コンテナ名 を付けます。"),
    ("サーバーのTLS証明書の有効期限をコマンドで確認したい。",
     "openssl s_client -connect example.com:443 -servername example.com </dev/null 2>/dev/null | openssl x509 -noout -enddate で notAfter が表示されます。"),
    ("jqでkubectlのJSONからPod名だけ抜きたい。",
     "kubectl get pods -o json | jq -r '.items[].metadata.name' です。"),
    ("8080番ポートを使っているプロセスを調べたい。",
     "sudo ss -ltnp | grep ':8080' か、lsof -iTCP:8080 -sTCP:LISTEN で分かります。"),
    ("ディレクトリ以下の全yamlファイルで文字列を置換したい。",
     "grep -rl 'old-value' --include='*.yaml' . | xargs sed -i 's/old-value/new-value/g' です。macOSなら sed -i '' に変えてください。先にコミットしておくと差分で確認できて安心です。"),
    ("Pythonで辞書のリストを特定のキーで降順ソートするには？",
     "sorted(rows, key=lambda r: r['created_at'], reverse=True) です。operator.itemgetter('created_at') を使っても書けます。"),
    ("2秒ごとにコマンドの結果を更新表示したい。",
     "watch -n 2 'kubectl get pods' です。-d を付けると変化した部分がハイライトされます。"),
]

JA_SLACK = [
    ("Slackに投稿する文面お願い：朝会に10分くらい遅れる。",
     "こんな感じでどうでしょう：\nすみません、朝会に10分ほど遅れます。先に始めていてください。共有はスレッドに書いておきます（@COMPの対応継続中、ブロッカーなし）。"),
    ("@NAMEさんに@COMPのPRレビューをお願いしたい。催促っぽくならない文面で。",
     "こんな文面はどうでしょう：\n@NAMEさん、お疲れさまです！今週どこかで時間があるときに、@COMPのPRを見ていただけると嬉しいです。設定とテストが中心の小さめの変更です。急ぎではないですが、リトライ周りは特に見てもらえると助かります🙏"),
    ("昨夜の障害対応で助けてくれた@NAMEさんに、チャンネルでお礼を言いたい。",
     "例えば：\n昨夜の@COMPの障害対応、@NAMEさんありがとうございました！落ち着いた判断と丁寧なメモのおかげで、朝には経緯がすぐ追えました🙏"),
    ("メンテナンス告知の文面：今日@TIMEから20分くらい@COMPが使えなくなる。",
     "【メンテナンスのお知らせ】\n本日@TIMEから約20分間、計画メンテナンスのため@COMPが利用できなくなります。対応は不要です。完了したらこちらでお知らせします。"),
    ("会議を丁寧に断って、非同期でやりとりしたい。",
     "こんな感じでどうでしょう：\nお誘いありがとうございます！今週は立て込んでいるので、もしよければ非同期で進めさせてください。必要なことをスレッドに箇条書きでいただければ、今日中に返信します。"),
    ("オンコールの引き継ぎドキュメントを金曜までに書いてね、とチームにリマインドしたい。",
     "例えば：\n金曜までに、オンコール引き継ぎドキュメントへの記入をお願いします！対応中の障害、うるさいアラート、次の人に知っておいてほしいことなど。今の2分が、誰かの深夜の謎解きを防ぎます🙏"),
    ("@NAMEさんの設計ドキュメント、すごく良いけど切り戻しの章が足りない。やんわり伝えたい。",
     "こんな伝え方はどうでしょう：\n@NAMEさん、設計ドキュメント読みました！移行手順がとても分かりやすかったです。承認前に一点だけ、切り戻しの章（判断基準・手順・データへの影響）を追加してもらえると嬉しいです。必要なら一緒に書きましょう。"),
    ("ステージング環境が壊れてて対応中、ってチャンネルに流したい。",
     "【お知らせ】現在ステージング環境が不調で、@COMPへのデプロイが失敗しています。対応中ですので、復旧の連絡があるまでステージングへのデプロイは控えてください。"),
    ("@NAMEさんの昇格をチャンネルでお祝いしたい。",
     "例えば：\n@NAMEさん、昇格おめでとうございます🎉 今年の@COMPの改善は@NAMEさんなしでは語れません。これからもよろしくお願いします！"),
    ("@COMPの古いcronジョブ、誰が持ち主か知ってる人がいないかチャンネルで聞きたい。",
     "こんな聞き方はどうでしょう：\n【考古学的な質問】@COMPの古いcronジョブの持ち主をご存じの方いませんか？移行前に、まだ必要かどうか確認したいです。手がかりだけでも大歓迎です！"),
]

JA_WORK = [
    ("朝会のメモ、短くまとめて：昨日は@NAMEさんと@COMPのリトライ処理をペアで見て、PRレビュー2件。今日は@TICKETと@COMPのフレーキーなテスト。ブロッカーは特になし。",
     "昨日：@COMPのリトライ処理（@NAMEさんとペア）、PRレビュー2件\n今日：@TICKET、@COMPのフレーキーテスト修正\nブロッカー：なし"),
    ("コミットメッセージ考えて：@COMPで2つのワーカーが同じジョブを取ってしまうレースを直した。",
     "Fix double-claim race in job pickup\n\nジョブ取得のSELECTとUPDATEが別々だったため、2つのワーカーが同じジョブを取れてしまっていた。UPDATE ... RETURNINGで条件付きに1回で取得するよう修正。"),
    ("@COMPのアラート対応手順書（ランブック）に何を書けばいい？",
     "1) アラートの意味を一文で 2) 最初に見るダッシュボード 3) よくある原因と確認方法 4) 安全な暫定対応 5) エスカレーション先と基準 6) 過去の障害へのリンク、の6点があれば十分です。"),
    ("チケットにして：@COMPのダッシュボードにエラー率のパネルがない。@NAMEさんに言われて気づいた。",
     "タイトル：@COMPダッシュボードにエラー率パネルを追加\n背景：スループットとレイテンシはあるがエラー率がなく、障害に気づきにくい（@NAMEさんの指摘）\n完了条件：ステータス別のエラー率パネル追加、アラートからリンク、オンコール担当が確認済み"),
    ("PRのレビューコメント、言い方に困ってる。@COMPのメイン関数が長すぎるから分けてほしいけど、書いたのは新人さん。",
     "こんな書き方はどうでしょう：\n動作もテストもばっちりです👍 読みやすさのために一つ提案で、メイン関数がいろいろやっているので、バリデーションと保存を別の関数に分けるのはどうでしょう？必要ならペアでやりましょう。このPRのブロッカーではないので、別PRでも大丈夫です。"),
    ("明日@NAMEさんと1on1。最近ちょっと元気がない気がする。最初に何を聞けばいい？",
     "プレッシャーのない、開いた質問がいいと思います。「ここ2週間で一番良かったことと、しんどかったことは？」「意味がないと感じている作業はある？」「@COMPの進め方で変えたいところは？」など。あとはほぼ聞き役に徹するのがおすすめです。"),
    ("@TICKETの概要を2行で：設定変更でコネクションプールのサイズが1になって、@COMPが12分間503を返した。",
     "@TICKET：設定変更でDBコネクションプールのサイズが1になり、@COMPが12分間503を返した。設定は切り戻し済み。再発防止としてデプロイ時にプール設定を検証する。"),
    ("今日の午後、@TICKET（@COMPの技術的負債）と新しいダッシュボード、どっちを先にやるべき？",
     "他の人の詰まりを外せる方を先にやるのがおすすめです。ダッシュボードがオンコールに必要なものなら優先、@TICKETのせいでデプロイが不安定になっているならそちらが先です。"),
    ("@COMPを2つのサービスに分ける設計ドキュメント、タイトル案ちょうだい。",
     "「@COMPの分割：目的・境界・移行計画」、短くするなら「@COMP分割の提案」あたりでどうでしょう。"),
    ("振り返りの書き出し、誰かを責める感じにしたくない。@COMPのリリースで2回切り戻しがあった件。",
     "例えば：「@COMPのリリースは完了しましたが、2回の切り戻しが発生しました。本振り返りでは個人ではなくプロセスに注目し、問題が本番まで到達した理由と、リリース前の確認で変えるべき点を整理します。」"),
    ("@COMPの設計レビュー、30分の会議のアジェンダ作って。",
     "1. 背景と目的（5分）\n2. 設計案の説明（10分）\n3. 論点とリスク（10分）\n4. 決定事項と宿題の担当（5分）\n資料は前日までに共有して、会議は読む時間ではなく議論の時間にするのがおすすめです。"),
    ("@COMPからDBにつなぐときに出る connection reset by peer って、だいたい何が原因？",
     "相手側がTCP接続をいきなり切った、という意味です。よくあるのは、アイドル状態の接続がプロキシやロードバランサーのタイムアウトで切られている、DBが再起動した、プールがアイドル中に切れた接続を渡している、のどれかです。プールの最大アイドル時間をプロキシのタイムアウトより短くすると、一番多いケースは解消します。"),
    ("@COMPの一覧APIにカーソル方式のページネーションを入れたい。ざっくりどれくらいかかる？",
     "テスト込みで1〜2日が目安です。安定したソートキー（created_atと、同じ値のときのためのid）を決めて不透明なカーソルにエンコードし、1ページの件数に上限を設け、クライアントを対応させます。時間がかかるのは、たいていクライアント側です。"),
    ("@NAMEさんが、@COMPのモジュール名を半分くらい1つのPRでリネームしたいって。うまく止めたい。",
     "リネームとロジック変更を分けることを提案するのがいいと思います。「整理はすごく助かります！まずリネームだけのPRを先に出して、ロジックの変更は別PRにしませんか？差分が小さくなってレビューしやすいので」といった感じです。"),
    ("@COMPのエラー率が10分間5%を超えたときのアラート、名前どうしよう。",
     "症状とサービスが分かる名前がいいです。例えば「@COMP エラー率高騰（10分間5%超）」。説明欄に何が起きているかの一文とランブックへのリンクを入れておくと、呼ばれた人がすぐ動けます。"),
    ("明日休むので引き継ぎメモ書いて：@TICKETは半分くらい、ブランチはpush済み、テストは@COMPのフレーキーなやつ以外は通ってる。",
     "明日の引き継ぎ\n・@TICKET：半分ほど完了、ブランチはpush済み。@COMPの既知のフレーキーテスト以外は全てパス\n・次の作業：チケットに書いてある残りのエッジケース\n・ブロッカーなし。フレーキーテストが毎回落ちるようになったら@NAMEさんに相談してください"),
    ("フィーチャーフラグの名前、@COMPの新しいリトライロジック用に何かいい案ある？",
     "new_retry_policy_v2 のように「何を変えるか」が分かる名前に、コンポーネント名を前に付けるのがおすすめです。フラグの説明欄に削除予定日を書いておくと、消し忘れを防げます。"),
]

JA_LIFE = [
    ("電車が止まってる…。今日はリモートに切り替えた方がいい？",
     "最初の会議がオンラインなら、無理に出社せずリモートに切り替えるのが良さそうです。振替輸送で混んだ電車に乗るより、その時間で仕事を始めた方が結果的に早いです。"),
    ("梅雨で自転車通勤がつらい。いい方法ある？",
     "上下セパレートのレインウェアとシューズカバーがあるとかなり違います。会社に替えの靴下とタオルを置いておくのも効きます。大雨の日は無理せず電車にしましょう。"),
    ("小4の娘の自由研究、何かいいテーマない？",
     "身近で、変える条件が一つだけのものが向いています。たとえば「キッチンペーパーの種類で吸水量は変わるか」「紙飛行機の翼の形と飛距離」「色の違うセロハンで豆苗の育ち方は変わるか」など。測るものがはっきりしているとまとめやすいです。"),
    ("妻の誕生日プレゼント、料理好きで物が増えるのは嫌いなタイプ。何がいい？",
     "体験か消耗品がおすすめです。料理教室のペアチケット、ちょっといいオリーブオイルやスパイスのセット、行ってみたいと言っていたお店の予約などはどうでしょう。"),
    ("週末、両親が泊まりに来るんだけど仕事が片付かない。どう調整しよう。",
     "一緒に過ごす時間を先に決めてしまうのがいいです。「土曜の夜は外食、日曜の午前だけ仕事」のように予定を伝えておくと、ご両親も過ごしやすいと思います。"),
    ("犬が靴下をかじって、ちょっと飲み込んだかも。",
     "念のため、すぐにかかりつけの動物病院に電話してください。腸閉塞のおそれがあります。吐く、食べない、元気がないといった様子があれば急いで受診を。自己判断で吐かせるのはやめましょう。"),
    ("ハーフマラソンに向けて週3で走ってる。メニューどう組めばいい？",
     "会話できるペースのジョグ、インターバル走（例：1km×5本、間に2〜3分休憩）、距離を少しずつ伸ばすロング走の3本立てが基本です。インターバルの翌日は休みにしましょう。"),
    ("野球の「インフィールドフライ」がよくわからない。簡単に言うと？",
     "ノーアウトかワンアウトで、ランナーが一・二塁か満塁のとき、内野手が普通に捕れるフライが上がると、捕る前にバッターがアウトになるルールです。わざと落として併殺を取るのを防ぐためのものです。"),
    ("オンコールの日、物音で何度も目が覚める。よく眠るコツある？",
     "アラート専用の大きな通知音にして、ほかの通知は切ると、脳が小さな音を気にしなくなります。セカンダリに「出なかったら電話して」と頼んでおくと、安心して眠れる人も多いです。"),
    ("来月ヨーロッパ出張。時差ボケがいつもひどい。",
     "機内で現地時間に合わせて寝る・食べるのが一番効きます。到着後は日光を浴びて、昼寝は20分以内に。アルコールは控えめに、水を多めに。"),
    ("追加の仕事をうまく断る言い方ある？",
     "「引き受けられますが、その場合Xが来週にずれます。どちらを優先しますか？」のように、トレードオフを見せるのが角が立ちにくいです。優先順位の判断を依頼した側に返せます。"),
    ("半熟卵って何分茹でればいい？",
     "冷蔵庫から出したLサイズなら、沸騰したお湯に入れて6分半、すぐ冷水に取ると、とろっとした半熟になります。"),
    ("中学生の息子がプログラミングやりたいって。何から始めるのがいい？",
     "ゲームが好きならScratch、文字でコードを書きたいならPythonで小さなもの（クイズやじゃんけんゲーム）を作るのがおすすめです。本人が作りたいものがあるのが一番続きます。"),
    ("週末キャンプの予定だけど、天気予報が微妙。行くべき？",
     "降水確率だけでなく、風の強さも見てください。雨は装備でなんとかなりますが、強風だとテントが危ないです。強い風の予報なら延期が無難です。"),
    ("スタンディングデスク、買うか迷ってる。",
     "大事なのは立つことより姿勢を変えることです。買うなら30〜60分ごとに座る・立つを切り替えて、疲労軽減マットも一緒に使うのがおすすめです。"),
    ("同僚の送別会のプレゼント、予算少なめ。何がいい？",
     "チームの寄せ書きが一番記憶に残ります。それに、好きなコーヒーや小さな観葉植物など、その人らしいものを添えると喜ばれます。"),
    ("夕食中にSlackを見ちゃうのをやめたい。",
     "通知スケジュールを設定して、業務時間外は鳴らないようにしましょう。スマホは別の部屋に置くのが効きます。オンコール中だけは、ページングのアプリの通知を許可すればOKです。"),
    ("花粉症がつらくて集中できない。",
     "市販薬なら眠くなりにくいタイプを選ぶと仕事への影響が少ないです。症状が強いなら早めに耳鼻科へ。部屋では空気清浄機、帰宅時に玄関で上着をはたくのも効果があります。"),
    ("Jリーグ、今週末観に行こうか迷ってる。初めてでも楽しめる？",
     "楽しめます。初めてならメインスタンドかバックスタンドの指定席が落ち着いて観られます。ゴール裏は応援が熱いので、一緒に跳ぶ元気があればぜひ。"),
    ("英語の会議が苦手。何か準備のコツある？",
     "言いたいことを3つ、短い英文でメモしておくだけでもかなり楽になります。聞き取れなかったときの定番フレーズ（Could you say that again? / Just to confirm, ...）も用意しておくと安心です。"),
    ("最近、寝る前にスマホを見ちゃってなかなか寝付けない。",
     "寝る30分前にスマホを充電器に置いて、ベッドには持ち込まないのが一番効きます。代わりに紙の本を読むか、軽いストレッチをするのがおすすめです。"),
    ("台風が来るらしい。在宅勤務の準備で何しとくべき？",
     "ノートPCとモバイルバッテリーの充電、スマホのテザリングの確認、停電に備えて懐中電灯と飲み水。チームには、つながらなくなったときの連絡手段（電話番号など）を早めに共有しておきましょう。"),
]

JA_ACK = {
    "cmd": [("おお、動いた", "よかった！"),
            ("ありがとう、助かりました", "どういたしまして。")],
    "draft": [("ほぼそのまま送りました", "👍"),
              ("ちょっとだけ直して投稿しました", "いいですね、ご自身の言葉が一番です。"),
              ("了解、それでいきます", "はい、うまくいきますように。")],
    "explain": [("なるほど、わかりやすい", "よかったです。"),
                ("あー、そういうことか", "はい、まさにそういうことです。")],
    "any": [("ありがとうございます！", "いえいえ、またいつでもどうぞ。"),
            ("了解です、助かります", "どういたしまして。")],
}

JA_FOODS = ["ラーメン", "定食", "コンビニのおにぎり", "カレー", "うどん", "牛丼", "パスタ",
            "サラダボウル", "ガパオライス", "蕎麦"]
JA_LUNCH_ASK = [
    "お昼、@FOOD1にするか@FOOD2にするか迷ってる。時間は@MIN分くらい。",
    "ランチ、@FOOD1と@FOOD2どっちがいいと思う？",
    "昼ごはん決められない。@FOOD1か@FOOD2か。",
]
JA_LUNCH_ANS = [
    "@PICKがいいと思います。さっと食べられて、午後に眠くなりにくいので。",
    "今日は@PICKで。@OTHERは時間に余裕がある日のお楽しみにとっておきましょう。",
    "@PICKに一票です。少し歩いて買いに行くと、いい気分転換にもなります。",
    "@PICKですね。席を離れてちゃんと食べると、午後の会議も乗り切れます。",
]

JA_ZONES = [("日本時間", 540), ("UTC", 0), ("シンガポール時間", 480), ("インド時間", 330),
            ("ドバイ時間", 240), ("ベトナム時間", 420), ("モスクワ時間", 180)]

JA_NAMES = ["佐々木", "松本", "井上", "山崎", "池田", "阿部", "清水", "岡田", "前田", "藤田"]


def ja_fill(u, a, rng, ctx):
    comp = rng.choice(ctx["comps"])
    rep = [
        ("@TICKET", "%s-%d" % (ctx["prefix"], rng.randint(120, 4980))),
        ("@COMP", comp),
        ("@NAME", rng.choice(JA_NAMES)),
        ("@TIME", "%d:%s" % (rng.choice([6, 7, 8, 9, 10, 13, 14, 15, 16, 17, 21, 22]),
                              rng.choice(["00", "30"]))),
    ]
    for k, v in rep:
        u = u.replace(k, v)
        a = a.replace(k, v)
    return u, a


def ja_lunch(rng, ctx):
    f1, f2 = rng.sample(JA_FOODS, 2)
    pick, other = (f1, f2) if rng.random() < 0.5 else (f2, f1)
    u = rng.choice(JA_LUNCH_ASK).replace("@FOOD1", f1).replace("@FOOD2", f2)
    u = u.replace("@MIN", str(rng.choice([20, 30, 40, 45])))
    a = rng.choice(JA_LUNCH_ANS).replace("@PICK", pick).replace("@OTHER", other)
    return u, a


def ja_tz(rng, ctx):
    src, dst, t1, t2, day = convert_time(rng, JA_ZONES)
    u = rng.choice([
        "%sの%sって、%sだと何時？" % (src[0], t1, dst[0]),
        "%sで%sに会議を入れたい。%sだと何時になる？" % (src[0], t1, dst[0]),
    ])
    when = {1: "翌日の", -1: "前日の"}.get(day, "")
    a = "%sだと%s%sです" % (dst[0], when, t2)
    if dst[1] != 0:
        a += "（%s）" % fmt_offset(dst[1])
    a += "。"
    if rng.random() < 0.4:
        a += "どちらもサマータイムがないので、時差は一年中同じです。"
    return u, a


JA_AVAIL = [("99", "1", 0.01), ("99.5", "0.5", 0.005), ("99.9", "0.1", 0.001),
            ("99.95", "0.05", 0.0005), ("99.99", "0.01", 0.0001)]


def ja_math(rng, ctx):
    k = rng.randrange(4)
    if k == 0:
        av, rem, frac = rng.choice(JA_AVAIL)
        days = rng.choice([7, 28, 30])
        total = days * 1440
        mins = total * frac
        u = "SLOが%s%%で%d日間だと、許される停止時間は何分？" % (av, days)
        a = "%d日は%s分なので、その%s%%で約%.1f分です" % (days, "{:,}".format(total), rem, mins)
        if mins >= 120:
            a += "（約%.1f時間）" % (mins / 60)
        return u, a + "。"
    if k == 1:
        n = rng.choice([200, 500, 800, 1200, 3000, 4500])
        rps = n * 10000 / 86400
        u = "1日%d万リクエストって、平均すると毎秒どれくらい？" % n
        a = "%d万 ÷ 86,400秒で、平均およそ毎秒%d件です。ピークは平均の2〜3倍になることが多いので、そちらに合わせて見積もりましょう。" % (n, round(rps))
        return u, a
    if k == 2:
        n = rng.choice([64, 128, 256, 500, 750, 1024])
        u = "%dGiBって何GB？" % n
        a = "%dGiBは約%.1fGBです（1GiB = 1.074GB）。このくらいの容量になると差が無視できないので、容量計画ではどちらの単位か明記しておくと安全です。" % (n, n * 1.073741824)
        return u, a
    x = rng.randint(12, 90) * 10
    y = x + rng.randint(3, 40) * 10
    u = "毎分%dリクエストが%dリクエストに増えた。何%%増？" % (x, y)
    a = "(%d − %d) ÷ %d で、約%.1f%%の増加です。" % (y, x, x, (y - x) * 100.0 / x)
    return u, a


JA_KIT = {
    "concept": JA_CONCEPTS, "concept_ask": JA_CONCEPT_ASK,
    "regex": JA_REGEX, "regex_ask": JA_REGEX_ASK, "regex_ans": JA_REGEX_ANS,
    "shell": JA_SHELL, "life": JA_LIFE, "slack": JA_SLACK, "work": JA_WORK, "ack": JA_ACK,
    "fill": ja_fill, "lunch": ja_lunch, "tz": ja_tz, "math": ja_math,
}


# ---------------------------------------------------------------------------
# Japanese dialogs
# ---------------------------------------------------------------------------

def dialog_ja1():
    # Tokyo e-commerce mall, SRE team: big year-end sale readiness.
    blocks = [
        ([], [(
            "おはようございます。マルシェモール（ECモール）のSREチームでリードをやっています。年末の大型セールに向けた準備がメインで、オンコールの振り返りや採用もあるので、しばらくここで相談させてください。",
            "おはようございます、ぜひどうぞ。セール準備は日付・担当・数字がどんどん動くので、決まったことを教えていただければ整理しておきます。まずは何から始めましょうか。")]),
        (["name"], [(
            "セール当日のインシデントコマンダーは木村さんにお願いすることになりました。前回の障害対応でも落ち着いてたので。",
            "了解です。セール当日のインシデントコマンダー（IC）は木村さんですね。ICが判断に集中できるよう、記録係と社内外への連絡係も別に決めておくのがおすすめです。")]),
        (["number"], [(
            "セールに向けて、本番クラスタのワーカーノードを40台まで増やす計画です。今は24台。",
            "24台から40台へ、約1.7倍ですね。ノードを増やすときは、Podの数だけでなく周辺の上限も確認しておくと安心です。DBのコネクション数、外部APIのレート制限、NATゲートウェイのポート数あたりが詰まりやすいポイントです。")]),
        (["date"], [(
            "本番同等環境での負荷試験リハーサルは10月17日に決まりました。開発チームにも共有済みです。",
            "10月17日ですね、承知しました。リハーサルでは想定ピークだけでなく、「セール開始直後の急増」を再現するのが大事です。開始の瞬間にアクセスが数十倍に跳ねるパターンを入れておきましょう。")]),
        (["decision"], [(
            "アクセス集中対策の仮想待合室は、Queue-itを使うことに決定しました。自前で作る案もあったけど、セールまでに間に合わない。",
            "現実的な判断だと思います。Queue-itを入れる場合、待合室を通すページの範囲（トップだけか、商品ページや決済まで含めるか）と、通過後のトークンの有効期限を早めに決めておくとスムーズです。")]),
        (["reason"], [(
            "もう一つ決定事項。セール期間中はポイント付与バッチを止めます。前回のセールで、あのバッチが注文テーブルにロックをかけて決済が詰まったので。",
            "なるほど、前回の決済詰まりの原因がそれなら、止めるのが一番確実ですね。止めている間のポイントはセール後にまとめて付与する形になると思うので、その旨をお客様向けの告知に入れておくと問い合わせが減ります。")]),
        ([], [(
            "昨夜、検索APIのレイテンシが急に悪化してアラートが鳴りました。原因はElasticsearchのGCでした。振り返りに何を書けばいい？",
            "基本の項目は、タイムライン（悪化の開始、検知、対応、回復）、影響（どの画面がどれくらい遅くなったか）、原因（なぜGCが長引いたか：ヒープサイズ、重いクエリ、シャード数など）、うまくいったこと・いかなかったこと、再発防止策（担当と期限つき）です。セール前なので、同じ負荷がセール中に来たらどうなるか、も一行入れておくと議論しやすいです。")]),
        ([], [(
            "セール当日の体制表、どんな項目を入れるべき？",
            "時間帯ごとの担当（IC、記録係、連絡係、各サービスの一次対応）、連絡手段と集合場所（Slackチャンネル、ビデオ会議のURL）、エスカレーション先（開発リード、決済代行、CDNベンダーの窓口）、判断基準（どの状態なら待合室の流量を絞るか等）、交代時間と休憩の予定、を入れておくと安心です。")]),
        (["number"], [(
            "負荷試験の結果が出ました。想定ピークの1.5倍をかけたらCPUが張り付いたので、ノードは64台で行くことになりました。コストは上がるけど、セール期間だけなので。",
            "64台、了解です。セール期間だけの増強なら、終わった翌日に戻す手順と担当も今のうちに決めておくと、余計なコストが続くのを防げます。")]),
        ([], [(
            "CDNのキャッシュヒット率が下がったとき、まず何を見ればいい？",
            "まずは直近のデプロイや設定変更（キャッシュキーやTTL、Cookieの扱い）を確認します。次に、ヒット率が落ちたパス（商品ページか、画像か、APIか）を絞り込み、クエリパラメータやヘッダーの違いでキャッシュが分散していないかを見ます。セール直前に計測用のパラメータが増えてヒット率が落ちる、というのはよくあるパターンです。")]),
        (["name"], [(
            "木村さんがセール前の週から海外出張になってしまって、ICは長谷川さんに交代です。長谷川さんは前回のセールでもサブICをやっていたので、流れは分かってます。",
            "それは心強いですね。長谷川さんには、前回からの変更点（待合室の導入、ノード増強、バッチ停止）をまとめて渡しておくとスムーズです。引き継ぎ用のメモを作りましょうか？")]),
        (["name", "decision", "number", "reason"], [(
            "お願いします。",
            "セール当日 IC引き継ぎメモ（長谷川さん向け）\n・仮想待合室：Queue-it（対象ページの範囲は要最終確認）\n・本番ノード：負荷試験の結果を受けて64台に増強\n・ポイント付与バッチ：期間中は停止（前回、注文テーブルのロックで決済が詰まったため）\n・体制表：IC、記録係、連絡係、各サービスの一次対応\n・エスカレーション：開発リード、決済代行、CDNベンダー")]),
    ]
    questions = [
        Q("name", "セール当日のインシデントコマンダー、今は誰になってる？",
          ["長谷川", "長谷川さん"],
          ["木村"]),
        Q("number", "セール用の本番ノード、最終的に何台にするんだっけ？",
          ["64台", "六十四台"],
          ["40台"]),
        Q("date", "本番同等環境での負荷試験リハーサルっていつだっけ？",
          ["10月17日", "10/17"]),
        Q("decision", "仮想待合室、どのサービスを使うことにしたんだっけ？",
          ["Queue-it", "Queue-It", "queue-it", "キューイット"]),
        Q("reason", "セール中にポイント付与バッチを止める理由って何だったっけ？",
          ["ロック", "決済が詰まった", "決済が詰まる", "決済詰まり"]),
    ]
    ctx = {"comps": ["検索API", "カートAPI", "在庫同期バッチ", "決済ゲートウェイ", "レコメンド"],
           "prefix": "SRE"}
    return {"id": "b12-ja-1", "lang": "ja", "n": 330, "ctx": ctx, "blocks": blocks, "questions": questions}


def dialog_ja2():
    # Osaka parts maker, factory IoT platform.
    blocks = [
        ([], [(
            "こんにちは。大阪の部品メーカー、ナニワ精工で工場IoT基盤を担当しています。第1工場の設備にセンサーとゲートウェイを付けて、稼働データをクラウドに上げる仕組みを作っているところです。",
            "こんにちは。面白いプロジェクトですね。ゲートウェイの台数や回線、ブローカー、本番稼働の日程など、決まったことを教えてもらえれば整理していきます。")]),
        (["name"], [(
            "ゲートウェイのメーカー、ミナト電機さんの担当は藤井さんです。技術的な質問は藤井さんに直接メールしていいとのこと。",
            "承知しました。ミナト電機の窓口は藤井さん、技術的な質問は直接メールでOKですね。問い合わせが増えてきたら、質問と回答を一覧にして社内で共有しておくと、同じ質問の繰り返しを防げます。")]),
        (["decision"], [(
            "MQTTブローカーはMosquittoで行くことにしました。シンプルだし、社内に触ったことがある人がいるので。",
            "Mosquittoは軽くて扱いやすいので、最初の一歩としては良い選択だと思います。ただ単体構成になりやすいので、ブローカーが止まったときにゲートウェイ側でどれくらいデータをバッファできるかは確認しておきましょう。")]),
        (["number"], [(
            "フェーズ1で設置するゲートウェイは120台。プレス機と射出成形機が中心です。",
            "120台、了解です。1台あたりの送信間隔とメッセージサイズが分かれば、ブローカーとクラウド側で必要なスループットを一緒に見積もれます。")]),
        (["date"], [(
            "第1工場での本番稼働は6月3日の予定です。",
            "6月3日ですね。工場側の都合（定期保全や繁忙期）と重ならないか、製造部門とも日程を確認しておくと安心です。")]),
        (["reason"], [(
            "ゲートウェイの回線はLTEにしました。溶接ラインの近くだと電波ノイズがひどくて、Wi-Fiがしょっちゅう切れるんですよ。",
            "溶接機の周りは強いノイズ源になりやすいので、LTEにするのは理にかなっていますね。SIMの通信量プランと、圏外になったときにゲートウェイ内に何時間分データを溜められるかも確認しておきましょう。")]),
        ([], [(
            "工場の人に、MQTTのQoS 0/1/2の違いを説明したいんだけど、簡単に言うと？",
            "QoS 0は「送りっぱなし」で、届かなくても再送しません。QoS 1は「必ず届くけど、重複することがある」。QoS 2は「ちょうど1回だけ届く」ですが、やりとりが増えて重くなります。稼働データなら、受け側で重複を除ける前提でQoS 1にするのが一般的です。")]),
        (["decision"], [(
            "ブローカーの件、方針変更です。Mosquittoだとクラスタが組めないので、1台落ちると工場全体のデータが止まる。検証した結果、EMQXに切り替えます。3ノードのクラスタで。",
            "可用性を考えると妥当な判断ですね。EMQXならノードの追加やローリングアップデートもしやすいです。ゲートウェイの接続先はロードバランサー経由にしておくと、ノードが入れ替わってもゲートウェイ側の設定変更が要りません。")]),
        ([], [(
            "センサーデータの保存期間、生データはどれくらい持つのが普通？",
            "用途次第ですが、秒単位の生データは数週間〜3か月程度、1分や1時間単位に集約したデータは数年、という二段構えが多いです。品質問題の調査で「あの日のあの設備」の生データが必要になることがあるので、製造部門に必要な期間を一度確認しておくと安心です。")]),
        (["date"], [(
            "悪い知らせです。ゲートウェイの基板の納品が遅れていて、本番稼働は6月24日にずれました。",
            "了解です、6月24日に更新しました。空いた期間で、試験ラインでの長時間稼働テストをやっておくと本番の安心材料になります。")]),
        (["name"], [(
            "藤井さんから、ファームウェアの更新は遠隔でできるって連絡がありました。注意点ある？",
            "段階的に更新するのが鉄則です。まず試験ラインの数台だけ更新して数日様子を見て、問題なければ残りを何回かに分けて進めます。更新に失敗したときに元のバージョンに戻せるか（二面構成になっているか）も、藤井さんに確認しておくと安心です。")]),
    ]
    questions = [
        Q("name", "ミナト電機の担当の方、お名前なんでしたっけ？",
          ["藤井", "藤井さん"]),
        Q("number", "フェーズ1でゲートウェイを何台入れるんだっけ？",
          ["120台", "百二十台"]),
        Q("date", "第1工場の本番稼働日っていつになった？",
          ["6月24日", "6/24"],
          ["6月3日"]),
        Q("decision", "MQTTブローカー、最終的に何を使うことにした？",
          ["EMQX", "emqx"],
          ["Mosquitto"]),
        Q("reason", "ゲートウェイの回線をLTEにした理由って何だったっけ？",
          ["溶接", "電波ノイズ", "ノイズ", "Wi-Fiが切れる", "Wi-Fiがしょっちゅう切れる"]),
    ]
    ctx = {"comps": ["データ収集サービス", "設備マスタAPI", "アラート通知", "稼働ダッシュボード", "エッジ設定配信"],
           "prefix": "IOT"}
    return {"id": "b12-ja-2", "lang": "ja", "n": 188, "ctx": ctx, "blocks": blocks, "questions": questions}


def dialog_ja3():
    # Sapporo attendance-management SaaS: Aurora MySQL major upgrade.
    blocks = [
        ([], [(
            "札幌で勤怠管理SaaSを作っている会社で、バックエンドのマネージャーをしています。今期はDB移行（Aurora MySQLのメジャーバージョンアップ）と採用が二大テーマ。いろいろ相談させてください。",
            "よろしくお願いします。DB移行は日程・予算・担当が動きやすいので、決まったことを都度教えていただければ整理しておきます。")]),
        (["reason"], [(
            "そもそもの背景をメモしておくと、Aurora MySQL 2（MySQL 5.7互換）の標準サポートが終わって、延長サポートの料金がかかり始めるからです。放置すると毎月の請求がかなり増える。",
            "なるほど、延長サポートの料金がきっかけなんですね。コスト面の理由は経営層にも説明しやすいので、移行しなかった場合の月額の増加分を試算して資料に入れておくと、予算の承認が通りやすくなります。")]),
        (["name"], [(
            "移行プロジェクトのオーナーは大橋さんです。インフラ出身で、前回のAurora移行もやった人。",
            "承知しました、移行のオーナーは大橋さんですね。前回の経験がある方なのは心強いです。")]),
        (["number"], [(
            "移行予算は1,200万円で承認されました。検証環境、外部コンサル、切り替え当日の体制費込み。",
            "1,200万円、了解です。外部コンサルの比率が大きい場合は途中で削られやすいので、優先度の高い作業から先に発注しておくのがおすすめです。")]),
        (["decision"], [(
            "移行方式はAuroraのBlue/Greenデプロイメントを使うことにしました。DMSで別クラスタにレプリケーションする案より、切り替えが数分で済むので。",
            "Blue/Greenなら切り替え時間が短く、問題があれば戻す判断もしやすいですね。事前に、バイナリログの設定と、アプリ側の再接続（エンドポイント切り替え後にコネクションを張り直せるか）を確認しておきましょう。")]),
        (["date"], [(
            "本番切り替えは2月11日（祝日）の深夜に決まりました。利用が一番少ないタイミングなので。",
            "2月11日の深夜ですね。祝日でも打刻するシフト勤務のお客様はいるはずなので、メンテナンスの告知は早めに、時間帯も具体的に出しておきましょう。")]),
        ([], [(
            "月末の締め処理で、集計バッチが朝まで終わらなかった。お客様から「給与計算に間に合わない」と問い合わせ多数。",
            "大変でしたね。振り返りでは、処理時間が伸びた原因（データ量の増加、特定の大口顧客、クエリの実行計画の変化など）を切り分けるのが第一です。短期的には大口顧客の集計を分割・並列化する、締め日前に事前集計しておく、といった手があります。お客様向けには、遅延の見込みを早めに出すだけでも問い合わせはかなり減ります。")]),
        (["name"], [(
            "大橋さんが来月から育休に入ることになって、前倒しで引き継ぎしました。移行プロジェクトのオーナーは森本さんです。",
            "おめでたいですね。森本さんへの引き継ぎ資料には、決定事項の経緯（なぜBlue/Greenにしたか等）も残しておくと、後から判断の理由を聞かれたときに困りません。")]),
        (["number"], [(
            "予算、経営会議で削られました…。950万円でやってくれと。コンサルの稼働を減らして、リハーサルは社内でやります。",
            "950万円ですね。コンサルを減らす分、リハーサルの手順書を社内でしっかり作る必要があります。テンプレートを用意しましょうか？")]),
        ([], [(
            "採用の話。バックエンドエンジニアのカジュアル面談で、こちらから会社を紹介するときのポイントある？",
            "一方的な説明より、候補者の関心に合わせるのが大事です。最初に「今日知りたいことは何ですか？」と聞いてから、事業（勤怠・給与という社会インフラ）、技術的な課題（今まさにDB移行中、など具体的な話）、チームの働き方を話すと伝わりやすいです。課題を正直に話す会社の方が、エンジニアには信頼されます。")]),
        (["date"], [(
            "切り替え日、変わりました。3月9日（日）の深夜です。2月中旬は締め処理が重なるお客様が多いと、CSから待ったがかかりました。",
            "3月9日、了解です。CSからの指摘はもっともですね。メンテナンス告知も日付を差し替えて、再告知を忘れずに。")]),
        (["name"], [(
            "森本さんがリハーサルの手順書を書くらしいので、章立てを考えて。",
            "こんな章立てはどうでしょう。\n1. 目的と範囲\n2. 体制と連絡手段（森本さんが最終判断者）\n3. 事前準備（バックアップ、告知、監視の追加）\n4. 切り替え手順（時刻つき）\n5. 確認項目（打刻、集計、給与連携）\n6. 切り戻しの判断基準と手順\n7. 終了後の作業と報告")]),
    ]
    questions = [
        Q("name", "DB移行プロジェクトのオーナー、今は誰？",
          ["森本", "森本さん"],
          ["大橋"]),
        Q("number", "DB移行の予算っていくらになったんだっけ？",
          ["950万円", "950万", "九百五十万円"],
          ["1,200万円"]),
        Q("date", "本番の切り替え日っていつだっけ？",
          ["3月9日", "3/9"],
          ["2月11日"]),
        Q("decision", "DB移行、どの方式でやることにしたんだっけ？",
          ["Blue/Green", "blue/green", "ブルーグリーン", "ブルー/グリーン"]),
        Q("reason", "そもそもこのDB移行をやることになった理由ってなんだっけ？",
          ["延長サポート", "標準サポート", "サポートが終わ", "サポート終了"]),
    ]
    ctx = {"comps": ["打刻API", "集計バッチ", "給与連携", "シフト管理", "管理画面"],
           "prefix": "KT"}
    return {"id": "b12-ja-3", "lang": "ja", "n": 246, "ctx": ctx, "blocks": blocks, "questions": questions}


def dialog_ja4():
    # Fukuoka food delivery, backend: PHP monolith -> Go.
    blocks = [
        ([], [(
            "福岡のフードデリバリーの会社でバックエンドのEMをやっています。今年のメインはPHPのモノリスからGoへの移行。オンコールと採用もあるので、いろいろ聞くと思います。",
            "よろしくお願いします。移行プロジェクトは長期戦になりがちなので、決定事項や担当者、期限が出てきたら教えてください。整理しておきます。")]),
        (["name"], [(
            "Go移行の技術リードは今井さん。設計レビューは全部今井さんを通すルールにしました。",
            "了解です。技術リードは今井さん、設計レビューは今井さん経由ですね。レビューが詰まらないよう、小さな変更は別のレビュアーでもOKにする基準も決めておくといいかもしれません。")]),
        (["number"], [(
            "注文APIのSLOは99.9%にしました。エラーバジェットは月あたり約43分。",
            "99.9%で30日なら43.2分なので、約43分で合っています。ランチのピークに10分落ちると、それだけで4分の1近くを使うので、ランチ帯のデプロイは避けるルールにしてもいいかもしれません。")]),
        (["decision"], [(
            "DBアクセスのライブラリはsqlcに決めました。GORMも候補だったんですけどね。",
            "sqlcならSQLを書いてGoのコードを生成するので、型安全さとクエリの見通しの両方が取れますね。マイグレーションのツールは別に決める必要があるので、golang-migrateかAtlasあたりを検討しておくといいと思います。")]),
        (["reason"], [(
            "チームから聞かれそうなのでメモ。GORMにしなかった理由は、前にN+1クエリで本番障害を出したことがあるから。どんなSQLが流れるか、コードを見て分かる方がいい、という結論になりました。",
            "納得感のある理由ですね。N+1はORMだと気づきにくいので、実際の障害経験があると説得力があります。sqlcでもループの中でクエリを呼べば同じ問題は起きるので、レビューの観点には入れておきましょう。")]),
        (["date"], [(
            "PHP版の注文APIは9月30日で停止予定。それまでに全トラフィックをGo版に寄せます。",
            "9月30日停止、了解です。逆算すると、9月上旬には100%Go版になっていて、最後の数週間は「PHP版は待機しているだけ」の状態が理想ですね。段階的な切り替えの割合（5%→25%→50%→100%）と、各段階の判断基準を決めておきましょう。")]),
        ([], [(
            "PHP版とGo版のレスポンスを突き合わせる仕組み（シャドートラフィック）って、どう作るのがいい？",
            "本番のリクエストをミラーしてGo版にも流し、レスポンスは捨てつつ差分だけ記録する形が一般的です。注意点は、書き込み系のリクエストをそのまま流すと二重注文になることです。まずは参照系のAPIだけを対象にして、差分はJSONのキー単位で比較し、時刻やIDなど毎回変わる項目は除外しておきましょう。")]),
        ([], [(
            "金曜のランチピークで決済連携が詰まりました。外部の決済代行のAPIが遅くなって、こっちのワーカーが全部待ちになった。",
            "典型的なパターンですね。再発防止としては、決済代行への呼び出しに短めのタイムアウトを設定すること、サーキットブレーカーで遅延時に早めに失敗させること、決済用のワーカーを他の処理と分けて、詰まっても注文受付全体が止まらないようにすること、の3つが効きます。")]),
        ([], [(
            "オンコールのローテーション、5人で1週間交代。祝日の扱いってどうしてる会社が多い？",
            "祝日は通常のローテーションから切り出して、別枠で公平に割り振る会社が多いです。祝日に当番をした人には代休や手当をつけるのが一般的です。年末年始やお盆のような長い休みは、前年に担当した人を外すなど、数年単位で偏らないようにしておくと不満が出にくいです。")]),
        (["name"], [(
            "体制変更です。今井さんが来月から新規事業の立ち上げに異動になりました。Go移行の技術リードは中島さんが引き継ぎます。中島さんは注文APIのGo版をほぼ一人で書いた人なので適任。",
            "適任ですね。中島さんに引き継ぐにあたって、設計レビューのルール（誰を通すか）も合わせて更新しておくと、混乱がなさそうです。")]),
        ([], [(
            "Go版の注文APIで、pprofってどうやって見るんだっけ？",
            "net/http/pprof をインポートして、社内からだけアクセスできるポートでHTTPサーバーを立てておくのが手軽です。CPUプロファイルは go tool pprof に /debug/pprof/profile?seconds=30 のURLを渡して取得し、top や web コマンドで重い関数を確認します。本番で取るときは、外部に公開されていないことを必ず確認してください。")]),
        (["name"], [(
            "中島さんと1on1するんだけど、リードになったばかりの人に聞くといい質問ある？",
            "例えば「リードになって一番不安なことは？」「自分で手を動かす時間と、レビューや調整の時間のバランスはどう感じてる？」「私に期待するサポートは何？」などです。最初の数回は、中島さんが困りごとを言いやすい雰囲気を作ることを優先するといいと思います。")]),
        ([], [(
            "Goエンジニアの採用、コーディング試験の課題案を出して。",
            "実務に近い小さめの課題がおすすめです。例えば「注文の状態遷移（受付→調理中→配達中→完了）を管理するHTTP APIを作る。同じ注文への同時更新が来ても矛盾しないこと、テストを書くこと」。2〜3時間で終わる分量にして、面接ではコードを一緒に読みながら設計の意図を聞くと、実力がよく分かります。")]),
    ]
    questions = [
        Q("name", "Go移行の技術リードって今誰だっけ？",
          ["中島", "中島さん"],
          ["今井"]),
        Q("number", "注文APIのエラーバジェット、月に何分だっけ？",
          ["43分", "43.2分", "四十三分"]),
        Q("date", "PHP版の注文APIを止めるのはいつ？",
          ["9月30日", "9/30"]),
        Q("decision", "DBアクセスのライブラリ、結局何にしたんだっけ？",
          ["sqlc", "SQLC"]),
        Q("reason", "DBアクセスのライブラリ選びで、GORMを選ばなかった理由は何だったっけ？",
          ["N+1", "どんなSQLが流れるか", "SQLが見える"]),
    ]
    ctx = {"comps": ["注文API", "配達員アプリAPI", "店舗管理画面", "通知サービス", "決済連携"],
           "prefix": "DLV"}
    return {"id": "b12-ja-4", "lang": "ja", "n": 398, "ctx": ctx, "blocks": blocks, "questions": questions}


# ---------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------

KITS = {"en": EN_KIT, "ru": RU_KIT, "ja": JA_KIT}

DIALOG_FUNCS = (dialog_en1, dialog_en2, dialog_en3, dialog_en4,
                dialog_ru1, dialog_ru2, dialog_ru3, dialog_ru4,
                dialog_ja1, dialog_ja2, dialog_ja3, dialog_ja4)


def build_dialog(spec):
    did, lang, n = spec["id"], spec["lang"], spec["n"]
    rng = random.Random(zlib.crc32(did.encode("utf-8")))
    questions = spec["questions"]
    forbidden = []
    for q in questions:
        for s in q["answers"] + q["wrong"]:
            if s not in forbidden:
                forbidden.append(s)
    filler = Filler(KITS[lang], rng, spec["ctx"], forbidden, lang)

    blocks = spec["blocks"]
    nb = len(blocks)
    pairs_total = n // 2
    tail_pairs = TAIL // 2
    scripted = sum(len(pairs) for _, pairs in blocks)
    free = pairs_total - tail_pairs - scripted
    # gap[0]: before the first block (always 0, the dialog opens with it);
    # gap[1..nb-1]: between blocks (at least one filler pair);
    # gap[nb]: after the last block, before the filler-only tail.
    mins = [0] + [1] * (nb - 1) + [2]
    extra = free - sum(mins)
    if n % 2 or extra < 0:
        raise ValueError("%s: cannot fit %d scripted pairs into %d messages" % (did, scripted, n))
    weights = [0.0] + [rng.uniform(0.4, 1.6) for _ in range(nb - 1)] + [rng.uniform(0.2, 0.8)]
    tot = sum(weights)
    alloc = [int(extra * w / tot) for w in weights]
    left = extra - sum(alloc)
    while left > 0:
        alloc[rng.randrange(1, nb + 1)] += 1
        left -= 1
    gaps = [m + x for m, x in zip(mins, alloc)]

    messages, tags = [], []

    def add(u, a, t):
        messages.append({"role": "user", "text": u})
        messages.append({"role": "assistant", "text": a})
        tags.append(t)
        tags.append(t)

    for i, (btags, pairs) in enumerate(blocks):
        for _ in range(gaps[i]):
            add(*filler.pair(), ())
        for u, a in pairs:
            add(u, a, tuple(btags))
        filler.last = "scripted"
    for _ in range(gaps[nb] + tail_pairs):
        add(*filler.pair(), ())
    assert len(messages) == n, (did, len(messages), n)

    out_q = []
    for q in questions:
        strings = q["answers"] + q["wrong"]
        ev = [i for i, m in enumerate(messages)
              if q["kind"] in tags[i] and any(occurs(s, m["text"], lang, strict=True) for s in strings)]
        out_q.append({"kind": q["kind"], "q": q["q"], "answers": list(q["answers"]),
                      "wrong": list(q["wrong"]), "evidence": ev})
    return {"id": did, "lang": lang, "bank": BANK_NAME, "messages": messages, "questions": out_q}


def build():
    return [build_dialog(f()) for f in DIALOG_FUNCS]


# ---------------------------------------------------------------------------
# Checker (works on the plain JSON structure)
# ---------------------------------------------------------------------------

def _walk_strings(obj):
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, list):
        for x in obj:
            yield from _walk_strings(x)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _walk_strings(v)


def check_dialog(d, problems):
    did = d.get("id", "?")

    def bad(msg):
        problems.append("%s: %s" % (did, msg))

    if set(d.keys()) != {"id", "lang", "bank", "messages", "questions"}:
        bad("dialog keys are %s" % sorted(d.keys()))
        return
    lang = d["lang"]
    if lang not in LANGS:
        bad("unknown lang %r" % lang)
        return
    if d["bank"] != BANK_NAME:
        bad("bank is %r" % d["bank"])
    for s in _walk_strings(d):
        if "{" in s or "}" in s:
            bad("brace character in %r" % s[:60])
            break

    msgs = d["messages"]
    if not isinstance(msgs, list) or not (MIN_MSGS <= len(msgs) <= MAX_MSGS):
        bad("needs %d-%d messages" % (MIN_MSGS, MAX_MSGS))
        return
    for i, m in enumerate(msgs):
        if not isinstance(m, dict) or set(m.keys()) != {"role", "text"}:
            bad("message %d has wrong keys" % i)
            return
        want = "user" if i % 2 == 0 else "assistant"
        if m["role"] != want:
            bad("message %d role %r, expected %r" % (i, m["role"], want))
        if not isinstance(m["text"], str) or not m["text"].strip():
            bad("message %d has empty text" % i)
    texts = [m["text"] for m in msgs]
    n = len(texts)
    cutoff = n - TAIL

    qs = d["questions"]
    if not isinstance(qs, list) or len(qs) != 5:
        bad("needs exactly 5 questions")
        return
    if sorted(q.get("kind") for q in qs) != sorted(KINDS):
        bad("question kinds are %s" % [q.get("kind") for q in qs])
    for q in qs:
        kind = q.get("kind")
        tag = "%s question" % kind
        if set(q.keys()) != {"kind", "q", "answers", "wrong", "evidence"}:
            bad("%s keys are %s" % (tag, sorted(q.keys())))
            continue
        answers, wrong, ev = q["answers"], q["wrong"], q["evidence"]
        if not isinstance(q["q"], str) or not q["q"].strip():
            bad("%s: empty question text" % tag)
        if not isinstance(answers, list) or not answers or not all(isinstance(s, str) and s.strip() for s in answers):
            bad("%s: answers must be a non-empty list of non-empty strings" % tag)
            continue
        if not isinstance(wrong, list) or not all(isinstance(s, str) and s.strip() for s in wrong):
            bad("%s: wrong must be a list of non-empty strings" % tag)
            continue
        if (not isinstance(ev, list) or not ev or not all(isinstance(e, int) and not isinstance(e, bool) for e in ev)
                or ev != sorted(set(ev))):
            bad("%s: evidence must be a non-empty sorted list of distinct ints" % tag)
            continue
        for s in answers + wrong:
            if len(s) > 60:
                bad("%s: answer/wrong string too long: %r" % (tag, s))

        # Rule 1: nothing in the last TAIL messages.
        for s in answers + wrong:
            for i in range(max(cutoff, 0), n):
                if occurs(s, texts[i], lang):
                    bad("%s: %r occurs in tail message %d" % (tag, s, i))
                    break

        # Rule 2: evidence before the tail and pointing at real statements.
        if any(e < 0 or e >= cutoff for e in ev):
            bad("%s: evidence index outside [0, %d)" % (tag, cutoff))
            continue
        if not any(occurs(s, texts[e], lang, strict=True) for e in ev for s in answers):
            bad("%s: no answer string in any evidence message" % tag)
        for e in ev:
            if not any(occurs(s, texts[e], lang, strict=True) for s in answers + wrong):
                bad("%s: evidence message %d states neither answer nor superseded value" % (tag, e))
        ans_hits = [i for i in range(n) if any(occurs(s, texts[i], lang) for s in answers)]
        if not ans_hits:
            bad("%s: answer never stated" % tag)
            continue
        first_ans = ans_hits[0]
        if first_ans not in ev:
            bad("%s: first statement of the answer (message %d) is not evidence" % (tag, first_ans))
        for w in wrong:
            if not any(occurs(w, texts[i], lang, strict=True) for i in range(first_ans)):
                bad("%s: wrong %r does not occur before the answer is stated (message %d)" % (tag, w, first_ans))
        if wrong and not any(occurs(w, texts[e], lang, strict=True) for e in ev for w in wrong):
            bad("%s: no evidence message states the superseded value" % tag)

        # Rule 4: no answer before the first evidence; superseded values stay gone.
        for i in range(ev[0]):
            for s in answers:
                if occurs(s, texts[i], lang):
                    bad("%s: answer %r occurs in message %d, before the first evidence" % (tag, s, i))
        for i in range(first_ans + 1, n):
            for w in wrong:
                if occurs(w, texts[i], lang) and not any(occurs(s, texts[i], lang) for s in answers):
                    bad("%s: superseded %r reappears in message %d" % (tag, w, i))
        for a in answers:
            for w in wrong:
                if a.casefold() in w.casefold() or w.casefold() in a.casefold():
                    bad("%s: answer %r and wrong %r contain each other" % (tag, a, w))

        # Rule 5: the question gives nothing away.
        for s in answers + wrong:
            if occurs(s, q["q"], lang):
                bad("%s: question text contains %r" % (tag, s))


def check(bank):
    problems = []
    if not isinstance(bank, list) or len(bank) != 12:
        return ["bank must be a list of 12 dialogs"]
    counts = {lang: 0 for lang in LANGS}
    ids = []
    for d in bank:
        if not isinstance(d, dict):
            problems.append("dialog is not an object")
            continue
        ids.append(d.get("id"))
        if d.get("lang") in counts:
            counts[d.get("lang")] += 1
        check_dialog(d, problems)
    if any(not isinstance(i, str) or not i for i in ids) or len(set(ids)) != len(ids):
        problems.append("dialog ids must be unique non-empty strings")
    for lang in LANGS:
        if counts[lang] != 4:
            problems.append("need 4 dialogs in %s, found %d" % (lang, counts[lang]))
    w = superseded_counts(bank)
    if w.get("name", 0) < 7:
        problems.append("only %d name questions with a superseded value (need 7)" % w.get("name", 0))
    if w.get("date", 0) < 6:
        problems.append("only %d date questions with a superseded value (need 6)" % w.get("date", 0))
    if w.get("number", 0) < 4:
        problems.append("only %d number questions with a superseded value (need 4)" % w.get("number", 0))
    if sum(w.values()) < 25:
        problems.append("only %d questions with a superseded value (need 25)" % sum(w.values()))
    return problems


def superseded_counts(bank):
    out = {k: 0 for k in KINDS}
    for d in bank:
        if not isinstance(d, dict):
            continue
        for q in d.get("questions", []):
            if isinstance(q, dict) and q.get("wrong") and q.get("kind") in out:
                out[q["kind"]] += 1
    return out


def summary(bank):
    lines = []
    for d in bank:
        lines.append("  %-9s %-2s %3d messages" % (d["id"], d["lang"], len(d["messages"])))
    w = superseded_counts(bank)
    lines.append("  superseded values by kind: " + ", ".join("%s %d" % (k, w[k]) for k in KINDS)
                 + " (total %d of %d)" % (sum(w.values()), 5 * len(bank)))
    return "\n".join(lines)


def main(argv):
    if "--check" in argv[1:]:
        with open(OUT_PATH, encoding="utf-8") as f:
            bank = json.load(f)
        problems = check(bank)
        if problems:
            print("CHECK FAILED (%d problems):" % len(problems))
            for p in problems:
                print("  " + p)
            return 1
        print("check passed: %s" % OUT_PATH)
        print(summary(bank))
        return 0

    bank = build()
    problems = check(bank)
    if problems:
        print("CHECK FAILED (%d problems), nothing written:" % len(problems))
        for p in problems:
            print("  " + p)
        return 1
    with open(OUT_PATH, "w", encoding="utf-8", newline="\n") as f:
        json.dump(bank, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("wrote %s" % OUT_PATH)
    print(summary(bank))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
