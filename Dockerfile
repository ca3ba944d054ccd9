# The production image: the app's dependencies only (requirements.txt; the test and lint tools are
# pyproject.toml's dev group), run as an unprivileged user, no secret inside (.dockerignore keeps
# .env out; the settings come from the environment at run time).

# The native core of the weighted matching, compiled where a C compiler is at hand.
FROM python:3.11 AS native
COPY pairing/engine/core/_blossom.c /src/
RUN cc -O2 -shared -fPIC -o /src/_blossom.so /src/_blossom.c

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
COPY --from=native /src/_blossom.so pairing/engine/core/
# The static files, collected once into the image (a key for this command only, never kept).
RUN DJANGO_SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && useradd --system --uid 10001 --no-create-home app
USER app
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000"]
