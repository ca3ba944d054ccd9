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
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000"]
