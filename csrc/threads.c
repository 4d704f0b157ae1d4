/* csrc/threads.h: a helper thread beside the caller, POSIX or Win32. */
#include <stddef.h>
#include "threads.h"

typedef struct {
    void (*fn)(void *);
    void *arg;
} job;

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

static DWORD WINAPI run_job(LPVOID j)
{
    ((job *)j)->fn(((job *)j)->arg);
    return 0;
}

int mj_run_beside(void (*fn)(void *), void *helper, void *own)
{
    job j = {fn, helper};
    HANDLE thread = CreateThread(NULL, 0, run_job, &j, 0, NULL);
    fn(own);
    if (!thread) return 0;
    WaitForSingleObject(thread, INFINITE);
    CloseHandle(thread);
    return 1;
}
#else
#include <pthread.h>

static void *run_job(void *j)
{
    ((job *)j)->fn(((job *)j)->arg);
    return NULL;
}

int mj_run_beside(void (*fn)(void *), void *helper, void *own)
{
    job j = {fn, helper};
    pthread_t thread;
    int started = pthread_create(&thread, NULL, run_job, &j) == 0;
    fn(own);
    if (started) pthread_join(thread, NULL);
    return started;
}
#endif
