"""Print jobs on the task queue: queued in the database with their job, run by the worker (``db_worker``),
progress and failures written to the job.

The worker runs in this process (django-tasks' own ``Worker``, in batch mode: every waiting task, then it
returns), on the same database backend ``make run`` uses.
"""

import pytest
from django.db import connections
from django_tasks.backends.database.management.commands.db_worker import Worker
from django_tasks.backends.database.models import DBTaskResult

from seating.models import PrintJob
from seating.printing import jobs as jobs_module
from seating.printing import print_job_start, print_job_status
from tests.seating.printing.test_printing import make_drawn

pytestmark = pytest.mark.django_db(transaction=True)

DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks.backends.database.DatabaseBackend"}}


@pytest.fixture(autouse=True)
def database_queue(settings):
    settings.TASKS = DATABASE_QUEUE


def run_worker() -> None:
    Worker(queue_names=["default"], interval=0, batch=True, backend_name="default", startup_delay=False,
           max_tasks=None, worker_id="test-worker").run()


def test_a_job_waits_in_the_database_until_the_worker_runs_it():
    tournament = make_drawn("up")

    job = print_job_start(tournament, "score-sheets", "Letter")

    assert job.status == "queued" and print_job_status(job.pk)["percent"] == 0
    assert DBTaskResult.objects.get().task_path == "seating.printing.jobs.render_print_job"
    connections.close_all()  # as if the server had been restarted: only the database remembers the job

    run_worker()

    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.error) == ("done", 15, 15, "")
    assert bytes(job.pdf).startswith(b"%PDF") and job.finished_at is not None
    assert print_job_status(job.pk)["percent"] == 100
    assert DBTaskResult.objects.get().status == "SUCCEEDED"


def test_the_same_document_is_not_queued_twice():
    tournament = make_drawn("up")

    first = print_job_start(tournament, "tickets", "A4")
    again = print_job_start(tournament, "tickets", "A4")

    assert again.pk == first.pk and DBTaskResult.objects.count() == 1


def test_a_failing_job_stores_its_reason(monkeypatch):
    tournament = make_drawn("up")

    def broken(*args, **kwargs):
        raise RuntimeError("the printer caught fire")

    monkeypatch.setattr(jobs_module, "render_document", broken)
    job = print_job_start(tournament, "tickets", "A4")
    run_worker()

    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", "Printing failed: RuntimeError: the printer caught fire")
    assert job.pdf is None
    failed = DBTaskResult.objects.get()
    assert failed.status == "FAILED" and "the printer caught fire" in failed.traceback
    assert print_job_status(job.pk)["error"] == "Printing failed: RuntimeError: the printer caught fire"


def test_a_queued_job_is_not_called_stale_but_a_stuck_running_one_is():
    from django.utils import timezone

    tournament = make_drawn("up")
    job = print_job_start(tournament, "tickets", "A4")
    long_ago = timezone.now() - jobs_module.STALE_AFTER * 2
    PrintJob.objects.filter(pk=job.pk).update(updated_at=long_ago)

    assert print_job_status(job.pk)["status"] == "queued"  # safe in the queue until a worker takes it

    PrintJob.objects.filter(pk=job.pk).update(status="running", updated_at=long_ago)
    stuck = print_job_status(job.pk)
    assert stuck["status"] == "failed" and "Start it again" in stuck["error"]


def test_polling_a_stuck_job_reads_it_as_failed_and_writes_nothing(admin_client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    from django.utils import timezone

    tournament = make_drawn("up")
    job = print_job_start(tournament, "tickets", "A4")
    PrintJob.objects.filter(pk=job.pk).update(status="running", updated_at=timezone.now() - jobs_module.STALE_AFTER * 2)
    before = PrintJob.objects.defer("pdf").values("status", "error", "finished_at", "updated_at").get(pk=job.pk)

    with CaptureQueriesContext(connection) as poll:
        response = admin_client.get(reverse("director:print_job", args=(tournament.pk, job.pk)), HTTP_HX_REQUEST="true")

    assert response.status_code == 200 and "Start it again" in response.content.decode()
    assert not [q["sql"] for q in poll.captured_queries if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
    assert PrintJob.objects.defer("pdf").values("status", "error", "finished_at", "updated_at").get(pk=job.pk) == before
    # A new start of the same document does not wait for the stuck job: it replaces it.
    assert print_job_start(tournament, "tickets", "A4").pk != job.pk
