C SPDX-License-Identifier: BSD-3-Clause
C An unchanged CERNLIB-style user program: Gaussian deviates in the manner
C of CERNLIB RNORML (polar Box-Muller on pairs from CALL RANMAR(U,2)),
C no explicit RMARIN (default seed), 1000 deviates printed as Z8 bits,
C then the RMARUT counters. Written for this test; F77 fixed form.
      PROGRAM RNUSER
      REAL DEV(1000)
      INTEGER I, I1, I2, I3
      CALL GRNORM(DEV, 1000)
      DO 10 I = 1, 1000
        WRITE(6,'(A,I4,1X,Z8.8)') 'DEV', I, DEV(I)
   10 CONTINUE
      CALL RMARUT(I1, I2, I3)
      WRITE(6,'(A,3I12)') 'RMARUT', I1, I2, I3
      END

      SUBROUTINE GRNORM(DEVIAS, NDEV)
      REAL DEVIAS(*), U(2), V1, V2, S, F
      INTEGER NDEV, I
      LOGICAL HAVE
      SAVE HAVE, F, V2
      DATA HAVE /.FALSE./
      DO 20 I = 1, NDEV
        IF (HAVE) THEN
          DEVIAS(I) = V2*F
          HAVE = .FALSE.
        ELSE
    5     CALL RANMAR(U, 2)
          V1 = 2.0*U(1) - 1.0
          V2 = 2.0*U(2) - 1.0
          S  = V1*V1 + V2*V2
          IF (S .GE. 1.0 .OR. S .EQ. 0.0) GO TO 5
          F = SQRT(-2.0*LOG(S)/S)
          DEVIAS(I) = V1*F
          HAVE = .TRUE.
        ENDIF
   20 CONTINUE
      END
